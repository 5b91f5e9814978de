import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../contract/locales'

/**
 * The catalogs as a translator and a reviewer need them (decision 063): every message in the code
 * is in the catalogs and nothing else is, in every language; every shipped language has every
 * message, in valid ICU syntax, with the same placeholders as the English. (The build refuses a
 * missing translation too: vite.config.ts.)
 */
const config = getConfig({ cwd: process.cwd() })
const catalogs = await getCatalogs(config)
const shipped = LOCALES.filter((locale) => locale !== config.sourceLocale)
/** Every language a catalog file is kept for, the generated pseudo-locale's included. */
const others = config.locales.filter((locale) => locale !== config.sourceLocale)

/** Why `message` is not valid ICU, or null (Lingui's `compileMessage` only logs and goes on). */
function icuError(message: string) {
	try {
		compileMessageOrThrow(message)
		return null
	} catch (error) {
		return (error as Error).message.split('\n')[0]!
	}
}

/** The names an ICU message takes from the code: `{count}`, `{0}`, `<0>…</0>`. */
function placeholders(message: string): string[] {
	const names = new Set<string>()
	for (const match of message.matchAll(/\{\s*([\w]+)\s*[,}]/g)) names.add(`{${match[1]}}`)
	for (const match of message.matchAll(/<(\d+)\/?>/g)) names.add(`<${match[1]}>`)
	return [...names].sort()
}

describe.each(catalogs.map((catalog) => [catalog.path.split('/').at(-1)!, catalog] as const))(
	'the %s catalog',
	(_name, catalog) => {
		it('holds exactly the messages the code has (run `npm run i18n:extract`)', async () => {
			const extracted = await catalog.collect()
			const inCode = Object.keys(extracted ?? {}).sort()
			const english = await catalog.read(config.sourceLocale)
			const inCatalog = Object.entries(english ?? {})
				.filter(([, entry]) => !entry.obsolete)
				.map(([id]) => id)
				.sort()
			expect(inCatalog).toEqual(inCode)
		}, 120_000)

		it('has valid ICU in every English message', async () => {
			const english = (await catalog.read(config.sourceLocale)) ?? {}
			const broken = Object.entries(english)
				.filter(([, entry]) => !entry.obsolete)
				.map(([id, entry]) => entry.message ?? entry.translation ?? id)
				.flatMap((source) => {
					const error = icuError(source)
					return error ? [`${JSON.stringify(source)}: ${error}`] : []
				})
			expect(broken).toEqual([])
		})

		it.each(others)('keeps no message in %s that the English has not', async (locale) => {
			const english = (await catalog.read(config.sourceLocale)) ?? {}
			const translated = (await catalog.read(locale)) ?? {}
			const unused = Object.entries(translated)
				.filter(([id, entry]) => !entry.obsolete && (!english[id] || english[id]!.obsolete))
				.map(([id, entry]) => entry.message ?? id)
			expect(unused).toEqual([])
		})

		it.each(shipped)(
			'has every message in %s, in valid ICU with the same placeholders',
			async (locale) => {
				const english = (await catalog.read(config.sourceLocale)) ?? {}
				const translated = (await catalog.read(locale)) ?? {}
				const problems: string[] = []
				for (const [id, entry] of Object.entries(english)) {
					if (entry.obsolete) continue
					const source = entry.message ?? entry.translation ?? id
					const translation = translated[id]?.translation
					if (!translation) {
						problems.push(`missing: ${JSON.stringify(source)}`)
						continue
					}
					const error = icuError(translation)
					if (error) {
						problems.push(`broken ICU in ${JSON.stringify(translation)}: ${error}`)
						continue
					}
					if (placeholders(translation).join() !== placeholders(source).join()) {
						problems.push(
							`placeholders differ: ${JSON.stringify(source)} → ${JSON.stringify(translation)}`,
						)
					}
					if (
						translation === source &&
						/[a-z]{4,}/i.test(source) &&
						!SAME_IN_EVERY_LANGUAGE.has(source)
					) {
						problems.push(`left in English: ${JSON.stringify(source)}`)
					}
				}
				expect(problems).toEqual([])
			},
		)
	},
)

/** Words that are the same in the shipped languages (names, codes): listed so no English slips by. */
const SAME_IN_EVERY_LANGUAGE = new Set(['TutorHub', 'Stripe', 'Google', 'Microsoft', 'Email', 'OK'])

describe('one message, one translation', () => {
	it.each(shipped)(
		'a message in several areas reads the same in each, in %s (the page merges them)',
		async (locale) => {
			const byMessage = new Map<string, Map<string, string>>()
			for (const catalog of catalogs) {
				const area = catalog.path.split('/').at(-1)!
				for (const [id, entry] of Object.entries((await catalog.read(locale)) ?? {})) {
					if (entry.obsolete || !entry.translation) continue
					const seen = byMessage.get(id) ?? new Map<string, string>()
					seen.set(area, entry.translation)
					byMessage.set(id, seen)
				}
			}
			const differing = [...byMessage.values()]
				.filter((areas) => new Set(areas.values()).size > 1)
				.map((areas) => Object.fromEntries(areas))
			expect(differing).toEqual([])
		},
	)
})
