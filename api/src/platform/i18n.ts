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

/** The English texts each language's catalogs translate (`Speaker.translate` says only those). */
const translated = new Map<Language, ReadonlySet<string>>()

const instances = new Map<Language, I18n>(
	LOCALES.map((language): [Language, I18n] => {
		const messages = readCatalogs(language)
		translated.set(language, new Set(Object.keys(messages)))
		const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
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
	/**
	 * An English text the API answers (a schema's message, an error, a stored row's error) in this
	 * language: a `known` text's phrase, else the catalog's translation, else the text as it is.
	 * English gives the text back untouched, byte for byte.
	 */
	translate: (text: string) => string
}

const speakers = new Map<Language, Speaker>()

/** The speaker of a language (`es-MX` → Spanish; an unknown or missing one → English). */
export function speaker(locale: string | null | undefined): Speaker {
	const found = supportedLocale(locale)
	const language = (found && found !== 'en-XA' ? found : DEFAULT_LOCALE) as Language
	let known = speakers.get(language)
	if (!known) {
		const i18n = instances.get(language)!
		const catalog = translated.get(language)!
		known = {
			language,
			dir: directionOf(language),
			say: (message, values) => i18n._({ id: message, message, values }),
			dateTime: (date, options = { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }) =>
				new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
					timeZone: 'UTC',
					...options,
				}).format(date),
			translate: (text) => {
				if (language === DEFAULT_LOCALE) return text
				const built = knownTexts.get(text)
				if (built) return built.in(known!)
				return catalog.has(text) ? i18n._({ id: text, message: text }) : text
			},
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
	/** In the speaker's language; a value that is itself a phrase (a field's label) is said first. */
	in(speaker: Speaker): string {
		let values = this.values
		for (const [name, value] of Object.entries(values)) {
			if (value instanceof Phrase) values = { ...values, [name]: value.in(speaker) }
		}
		return speaker.say(this.message, values)
	}
	toString() {
		return this.in(english)
	}
}

export const phrase = (message: string, values: Record<string, unknown> = {}) =>
	new Phrase(message, values)

/**
 * A moment inside a phrase (decision 072): in English as `english` writes it, byte for byte as the
 * answer always said it; in another language in its words (`Speaker.dateTime` with `options`).
 */
export class Moment extends Phrase {
	readonly date: Date
	readonly english: string
	readonly options: Intl.DateTimeFormatOptions
	constructor(date: Date, english: string, options: Intl.DateTimeFormatOptions) {
		super(english)
		this.date = date
		this.english = english
		this.options = options
	}
	override in(speaker: Speaker): string {
		return speaker.language === DEFAULT_LOCALE
			? this.english
			: speaker.dateTime(this.date, this.options)
	}
}

/**
 * Texts built once from values known at start (a schema's `Title is required` from its label, a
 * limit's number), each with the phrase that says it in another language: a zod message or a
 * stored row's error is a plain string, so the answer finds its phrase again by its English
 * (`Speaker.translate`). Only for a bounded set of texts (labels, limits), never a person's input.
 */
const knownTexts = new Map<string, Phrase>()

/** The English text as it is, remembered with the phrase that says it in other languages. */
export function known(english: string, said: Phrase): string {
	knownTexts.set(english, said)
	return english
}

/**
 * An answer whose `message` the app shows (a success's "We sent a link to …"), said in the
 * request's `Accept-Language` (the app sends its page's): a phrase in that language, an English
 * text by the catalogs; without the header, or in English, as it always was (decision 067).
 */
export function sayAnswer<T extends { message?: string | Phrase }>(
	answer: T,
	acceptLanguage: string | null | undefined,
): Omit<T, 'message'> &
	(T extends { message: unknown } ? { message: string } : { message?: string }) {
	const { message } = answer
	if (message === undefined) return answer as never
	const speech = acceptLanguage ? requestSpeaker(acceptLanguage) : english
	return {
		...answer,
		message: message instanceof Phrase ? message.in(speech) : speech.translate(message),
	} as never
}
