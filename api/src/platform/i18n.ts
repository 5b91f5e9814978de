import { readdirSync, readFileSync } from 'node:fs'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { parsePo } from 'pofile-ts'
import {
	DEFAULT_LOCALE,
	LOCALES,
	directionOf,
	negotiateLocale,
	supportedLocale,
} from '../../../contract/locales.ts'

/**
 * The API's words in the recipient's language (decision 064), from the same PO catalogs as the
 * app's (locales/<language>/*.po). The API runs its TypeScript unbundled, so no macro compiles
 * here: a message is its English text, `say('Your certificate for {course}', { course })`, which
 * scripts/api-messages.ts extracts into the `api` catalog. The catalogs are read and compiled
 * once at start, one Lingui instance per language; a text missing from a language is said in
 * English. The pseudo-locale is the app's tool and is left out here.
 */
export type Language = (typeof LOCALES)[number]

const LOCALES_DIR = new URL('../../../locales/', import.meta.url)

/** A language's messages keyed by their English text (the PO file's msgid), compiled. */
function readCatalogs(language: Language): Messages {
	const messages: Messages = {}
	let files: string[]
	try {
		files = readdirSync(new URL(`${language}/`, LOCALES_DIR)).filter((f) => f.endsWith('.po'))
	} catch {
		return messages
	}
	for (const file of files) {
		const po = parsePo(readFileSync(new URL(`${language}/${file}`, LOCALES_DIR), 'utf8'))
		for (const item of po.items) {
			if (!item.msgid || item.obsolete || item.msgctxt) continue
			const translation = item.msgstr[0] || (language === DEFAULT_LOCALE ? item.msgid : '')
			if (translation) messages[item.msgid] = compileMessage(translation)
		}
	}
	return messages
}

const instances = new Map<Language, I18n>(
	LOCALES.map((language): [Language, I18n] => {
		const i18n = setupI18n({ locale: language, messages: { [language]: readCatalogs(language) } })
		// A text not (yet) in the catalogs is compiled from its English when first said.
		i18n.setMessagesCompiler(compileMessage)
		return [language, i18n]
	}),
)

/** What a speaker says and how it writes dates, in one language. */
export type Speaker = {
	language: Language
	dir: 'ltr' | 'rtl'
	/** The message (its English text, an ICU message) in this language, else in English. */
	say: (message: string, values?: Record<string, unknown>) => string
	/** A date and time in this language's words and order, in the given time zone (UTC if none). */
	dateTime: (date: Date, options?: Intl.DateTimeFormatOptions) => string
}

const speakers = new Map<Language, Speaker>()

/** The speaker of a language (`es-MX` → Spanish; an unknown or missing one → English). */
export function speaker(locale: string | null | undefined): Speaker {
	const found = supportedLocale(locale)
	const language = (found && found !== 'en-XA' ? found : DEFAULT_LOCALE) as Language
	let known = speakers.get(language)
	if (!known) {
		const i18n = instances.get(language)!
		known = {
			language,
			dir: directionOf(language),
			say: (message, values) => i18n._({ id: message, message, values }),
			dateTime: (date, options = { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }) =>
				new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
					timeZone: 'UTC',
					...options,
				}).format(date),
		}
		speakers.set(language, known)
	}
	return known
}

/** English, for texts whose reader is not known (logs aside, the API's own default). */
export const english = speaker(DEFAULT_LOCALE)

/** The speaker for a request's `Accept-Language` (a download, a CSV's headers). */
export const requestSpeaker = (acceptLanguage: string | null | undefined) =>
	speaker(negotiateLocale(acceptLanguage))

/**
 * A message said later (a table of texts at a module's top): its English text as it is, marked so
 * that the extractor puts it in the `api` catalog; say it with a speaker's `say(text)`.
 */
export const msg = (message: string) => message

/**
 * A text built from values (`The file has {rows, number} rows…`), said when its reader is known:
 * an error answer says it in its request's language (platform/errors.ts), in English elsewhere
 * (logs, `String(phrase)`). The extractor finds its message as it finds `say`'s.
 */
export class Phrase {
	readonly message: string
	readonly values: Record<string, unknown>
	constructor(message: string, values: Record<string, unknown> = {}) {
		this.message = message
		this.values = values
	}
	/** In the speaker's language. */
	in({ say }: Speaker) {
		return say(this.message, this.values)
	}
	toString() {
		return this.in(english)
	}
}

export const phrase = (message: string, values: Record<string, unknown> = {}) =>
	new Phrase(message, values)
