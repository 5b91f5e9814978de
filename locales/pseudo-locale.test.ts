import { getConfig } from '@lingui/conf'
import { createCompiledCatalog } from '@lingui/cli/api'
import { describe, expect, it } from 'vitest'
import { PSEUDO_LOCALE } from '../contract/locales'

/**
 * The pseudo-locale as the build compiles it (lingui.config.ts, decision 063): accented, bracketed
 * and about a third longer, its padding words that wrap as a longer language's do, so that
 * e2e/pseudo-locale.spec.ts finds layouts that cannot take longer text, not only long words.
 */
const config = getConfig({ cwd: process.cwd() })
const pseudo = config.pseudoLocale.find((item) => item.locale === PSEUDO_LOCALE)!

function compiled(message: string) {
	const { source, errors } = createCompiledCatalog(
		PSEUDO_LOCALE,
		{ id: message },
		{ namespace: 'json', pseudoLocale: PSEUDO_LOCALE, pseudoLocaleOptions: pseudo?.options },
	)
	expect(errors).toEqual([])
	return (JSON.parse(source) as { messages: { id: string | unknown[] } }).messages.id
}

function pseudoLocalized(message: string) {
	const parts = compiled(message)
	return Array.isArray(parts) ? parts.join('') : parts
}

const longestWord = (text: string) => Math.max(...text.split(/\s+/).map((word) => word.length))

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
		expect(text.length / source.length).toBeGreaterThanOrEqual(1.3)
		expect(text.length / source.length).toBeLessThanOrEqual(1.45)
	})

	it('pads with short words between ordinary spaces, so a long label wraps', () => {
		// Padding of unbreakable characters would glue itself to the first and last words.
		expect(longestWord(text)).toBeLessThanOrEqual(longestWord(source) + 5)
		expect(text.split(' ').length).toBeGreaterThan(source.split(' ').length + 2)
		expect(text).not.toMatch(/[\u00a0\u2000-\u200b\u202f]/)
	})

	it('keeps placeholders and markup as they are', () => {
		const [text, name] = compiled('Welcome back, {name}') as [string, string[]]
		expect(text).toMatch(/^\[.*Ŵēĺćōḿē ƀàćķ, .*\]$/)
		expect(name).toEqual(['name'])
		expect(pseudoLocalized('Read the <0>guide</0> first')).toMatch(/<0>.*ĝũĩďē.*<\/0>/)
	})
})
