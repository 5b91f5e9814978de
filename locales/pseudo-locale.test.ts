import { getConfig } from '@lingui/conf'
import { createCompiledCatalog } from '@lingui/cli/api'
import type { Messages } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '../app/platform/i18n.server'
import { lengthenCatalog, PAD_WORD } from '../app/platform/pseudo-locale'
import { PSEUDO_LOCALE } from '../contract/locales'

/**
 * The pseudo-locale as the server serves it (lingui.config.ts accents it as the build compiles it,
 * app/platform/pseudo-locale.ts lengthens and brackets it as the server loads it; decision 063):
 * accented, bracketed and at least a third longer, a short label included, its padding words that
 * wrap as a longer language's do, so that e2e/pseudo-locale.spec.ts finds layouts that cannot take
 * longer text, not only long words.
 */
const config = getConfig({ cwd: process.cwd() })
const pseudo = config.pseudoLocale.find((item) => item.locale === PSEUDO_LOCALE)!

/** Any English message, compiled and lengthened as the build and the server do with the catalog. */
function compiled(message: string) {
	const { source, errors } = createCompiledCatalog(
		PSEUDO_LOCALE,
		{ id: message },
		{ namespace: 'json', pseudoLocale: PSEUDO_LOCALE, pseudoLocaleOptions: pseudo?.options },
	)
	expect(errors).toEqual([])
	return lengthenCatalog((JSON.parse(source) as { messages: Messages }).messages).id!
}

function pseudoLocalized(message: string) {
	const parts = compiled(message)
	return Array.isArray(parts) ? parts.join('') : parts
}

/** A message of the app's catalogs as the server says it in the pseudo-locale. */
const served = (message: string, values?: Record<string, unknown>) =>
	i18nFor(PSEUDO_LOCALE)._(generateMessageId(message), values)

const longestWord = (text: string) => Math.max(...text.split(/\s+/).map((word) => word.length))
const padding = (text: string) => text.split(PAD_WORD).length - 1

describe('the pseudo-locale', () => {
	const source = 'Choose the students who take part in this course'
	const text = pseudoLocalized(source)

	it('is bracketed and accented, with no plain letter of the English left', () => {
		expect(pseudo).toBeDefined()
		expect(text.startsWith('[') && text.endsWith(']')).toBe(true)
		expect(text).toContain('Ćĥōōśē ţĥē śţũďēńţś')
		expect(text).not.toMatch(/[a-z]{2}/i)
	})

	it('is about a third longer', () => {
		expect(text.length / source.length).toBeGreaterThanOrEqual(1.35)
		expect(text.length / source.length).toBeLessThanOrEqual(1.45)
	})

	it('pads with short words between ordinary spaces, so a long label wraps', () => {
		// Padding of unbreakable characters would glue itself to the first and last words.
		expect(longestWord(text)).toBeLessThanOrEqual(longestWord(source) + 1)
		expect(text.split(' ').length).toBeGreaterThan(source.split(' ').length + 2)
		expect(text).not.toMatch(/[\u00a0\u2000-\u200b\u202f]/)
	})

	it('makes a short label longer too: at least one padding word, and a third longer', () => {
		// Lingui's own padding, a share of the length rounded down, left a label under six letters
		// as it was ("[Śàvē]"), so the short buttons were never tried longer.
		for (const label of ['Save', 'Join', 'Buy', 'Next', 'OK']) {
			const lengthened = pseudoLocalized(label)
			expect(padding(lengthened), lengthened).toBeGreaterThanOrEqual(1)
			expect(lengthened.length / label.length, lengthened).toBeGreaterThanOrEqual(1.35)
		}
		expect(pseudoLocalized('Save')).toBe(`[Śàvē ${PAD_WORD}]`)
	})

	it('serves the catalogs so: the short buttons as much as the long sentences', () => {
		expect(served('Buy')).toBe(`[ßũŷ ${PAD_WORD}]`)
		expect(served('Join')).toBe(`[ĵōĩń ${PAD_WORD}]`)
		const long = served('A session of my course is scheduled, changed or cancelled')
		expect(padding(long)).toBeGreaterThanOrEqual(3)
	})

	it('keeps placeholders, plurals and markup as they are', () => {
		const [text, name] = compiled('Welcome back, {name}') as [string, string[]]
		expect(text).toMatch(/^\[Ŵēĺćōḿē ƀàćķ, .*\]$/)
		expect(text).toContain(PAD_WORD)
		expect(name).toEqual(['name'])
		expect(pseudoLocalized('Read the <0>guide</0> first')).toMatch(/<0>ĝũĩďē<\/0>/)
		const [[count, kind, branches]] = compiled(
			'{count, plural, one {# student} other {# students}}',
		) as [[string, string, Record<string, string[]>]]
		expect([count, kind]).toEqual(['count', 'plural'])
		expect(branches.one).toEqual(['#', `[ śţũďēńţ ${PAD_WORD}]`])
		expect(compiled('{first}, {last}')).toEqual([['first'], ', ', ['last']])
	})

	it('is the same every time', () => {
		expect(pseudoLocalized(source)).toBe(text)
	})
})
