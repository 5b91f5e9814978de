import { setupI18n } from '@lingui/core'
import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { I18nProvider as LinguiProvider, Trans as LinguiTrans } from '@lingui/react'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LOCALES, PSEUDO_LOCALE } from '../../contract/locales'
import { I18nProvider, PageCatalog, Trans } from './lingui-runtime'

/**
 * The browser's runtime of the app's own (decision 063) says every message of every catalog as
 * Lingui's own runtime does: the same words for the same values, plurals in each language's
 * forms (Arabic's six), selects, and rich text with its elements.
 */
const config = getConfig({ cwd: process.cwd() })
const catalogs = await getCatalogs(config)

async function compiled(locale: string) {
	const messages: Record<string, ReturnType<typeof compileMessage>> = {}
	for (const catalog of catalogs) {
		for (const [id, entry] of Object.entries((await catalog.read(locale)) ?? {})) {
			if (entry.obsolete) continue
			messages[id] = compileMessage(entry.translation || entry.message || id)
		}
	}
	return messages
}

/** The names a message takes: `{count}`, `{count, plural, …}`, `{role, select, …}`. */
const names = (compiledMessage: unknown): string[] => {
	const found = new Set<string>()
	const walk = (tokens: unknown) => {
		if (!Array.isArray(tokens)) return
		for (const token of tokens) {
			if (!Array.isArray(token)) continue
			found.add(token[0])
			if (token[2] && typeof token[2] === 'object')
				for (const [key, choice] of Object.entries(token[2])) if (key !== 'offset') walk(choice)
		}
	}
	walk(compiledMessage)
	return [...found]
}

describe.each([...LOCALES, PSEUDO_LOCALE])('the %s catalog', (locale) => {
	it('reads every message as Lingui does, for counts and choices', async () => {
		const messages = await compiled(locale === PSEUDO_LOCALE ? 'en' : locale)
		const lingui = setupI18n({ locale, messages: { [locale]: messages } })
		const ours = new PageCatalog(locale)
		ours.load(locale, messages)
		let compared = 0
		for (const [id, message] of Object.entries(messages)) {
			const variables = names(message)
			const choices = JSON.stringify(message).match(/"(\w+)":\[/g) ?? []
			const samples: Record<string, unknown>[] = [
				...[0, 1, 2, 3, 5, 11, 21, 102, 1.5].map((count) =>
					Object.fromEntries(variables.map((name) => [name, count])),
				),
				...choices.map((key) =>
					Object.fromEntries(variables.map((name) => [name, key.slice(1, -3)])),
				),
				Object.fromEntries(variables.map((name) => [name, 'Zoë'])),
				{},
			]
			for (const values of samples) {
				expect(ours._(id, values), `${id} with ${JSON.stringify(values)}`).toBe(
					lingui._(id, values),
				)
				compared++
			}
		}
		expect(compared).toBeGreaterThan(1000)
		// A message not among the page's reads as its id, as Lingui's does in production.
		expect(ours._('no-such-id')).toBe(lingui._('no-such-id'))
	}, 120_000)

	it("renders rich text as Lingui's Trans does", async () => {
		const messages = await compiled(locale === PSEUDO_LOCALE ? 'en' : locale)
		const lingui = setupI18n({ locale, messages: { [locale]: messages } })
		const ours = new PageCatalog(locale)
		ours.load(locale, messages)
		const rich = Object.entries(messages).filter(([, message]) =>
			JSON.stringify(message).includes('<0'),
		)
		expect(rich.length).toBeGreaterThan(5)
		for (const [id, message] of rich) {
			const components: Record<string, ReactElement> = {}
			for (let index = 0; index < 6; index++) components[index] = <strong className={`c${index}`} />
			// A value that is an element goes in as a tag of its own, as the macro leaves it.
			const values = Object.fromEntries(
				names(message).map((name, index) => [name, index % 2 ? <em>{name}</em> : `${name}!`]),
			)
			const theirs = renderToStaticMarkup(
				<LinguiProvider i18n={lingui}>
					<LinguiTrans id={id} values={values} components={components} />
				</LinguiProvider>,
			)
			const mine = renderToStaticMarkup(
				<I18nProvider i18n={ours as never}>
					<Trans id={id} values={values} components={components} />
				</I18nProvider>,
			)
			expect(mine, id).toBe(theirs)
		}
	}, 120_000)
})
