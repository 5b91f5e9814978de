import type { Messages } from '@lingui/core'

/**
 * The pseudo-locale's length and brackets (decision 063). Lingui accents the English as it
 * compiles `en-XA` (lingui.config.ts), keeping placeholders, ICU and tags; this makes each text
 * longer and brackets it, once, when the server loads the catalogs.
 *
 * Lingui's own padding is a share of the length on each side, rounded down: a label under six
 * letters got none, so the short buttons ("Save", "Join", "Buy") were never tried longer, though a
 * longer language lengthens a short word most. Here every text gets at least one padding word and
 * grows by at least 35 %, brackets counted. The padding is short accented words between ordinary
 * spaces, so a label wraps as a longer language's does.
 */
export const PAD_WORD = 'ŵőŕđ'
const GROWTH = 0.35
const OPEN = '['
const CLOSE = ']'

// Lingui's numbered tags (`<0>`, `</0>`, `<0/>`): markup, not text a person reads.
const TAG = /<\/?\d+\s*\/?>/g
const LETTER = /\p{L}/u

/** How many padding words a text of `length` characters needs. */
function padWords(length: number) {
	const extra = GROWTH * length - OPEN.length - CLOSE.length
	return Math.max(1, Math.ceil(extra / (PAD_WORD.length + 1)))
}

/**
 * One text of a message (what lies between its placeholders), accented already: bracketed, with
 * padding words before and after its words (one word goes after), its own leading and trailing
 * spaces kept where they were. A text with no letter (a comma between two placeholders) stays.
 */
export function lengthen(text: string): string {
	const visible = text.replace(TAG, '')
	if (!LETTER.test(visible)) return text
	const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!
	const words = padWords(visible.length)
	const before = Math.floor(words / 2)
	const pad = (count: number) => Array.from({ length: count }, () => PAD_WORD)
	return OPEN + lead + [...pad(before), core, ...pad(words - before)].join(' ') + trail + CLOSE
}

type Part = Messages[string]

/** Every text of a compiled message, its plural and select branches included, lengthened. */
function lengthenMessage(message: Part): Part {
	if (typeof message === 'string') return lengthen(message)
	return message.map((token) => {
		// A `#` (a plural's count) has no letter, so it stays.
		if (typeof token === 'string') return lengthen(token)
		const [name, kind, branches] = token
		if (kind !== 'plural' && kind !== 'select' && kind !== 'selectordinal') return token
		const choices: Record<string, unknown> = {}
		for (const [key, branch] of Object.entries(branches as Record<string, unknown>))
			choices[key] = key === 'offset' ? branch : lengthenMessage(branch as Part)
		return [name, kind, choices] as typeof token
	})
}

/** The pseudo-locale's compiled catalog, every message lengthened and bracketed. */
export function lengthenCatalog(messages: Messages): Messages {
	const lengthened: Messages = {}
	for (const [id, message] of Object.entries(messages)) lengthened[id] = lengthenMessage(message)
	return lengthened
}
