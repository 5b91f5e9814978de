import type { I18n, Messages } from '@lingui/core'
import { DEFAULT_LOCALE, directionOf, type Locale } from '../../contract/locales'
import { PageCatalog } from './lingui-runtime'

/**
 * The interface's translations (decision 063). Components use Lingui's macros: `<Trans>` and
 * `useLingui()` from `@lingui/react/macro` in JSX, `t` and `msg` from `@lingui/core/macro`
 * elsewhere (actions, loaders, schemas' error functions). The `t` macro compiles to a call on the
 * `i18n` exported here (lingui.config.ts, runtimeConfigModule): on the server it is the request's
 * language (i18n.server.ts keeps it for the request), in the browser the page's.
 */

/**
 * What the root loader sends the browser: the page's language and only the page's messages, as
 * JSON text (i18n.server.ts makes it once per language and page).
 */
export type PageMessages = { locale: Locale; messages: string }

/**
 * A document's messages: the page's, and their JSON text as the page writes it into a data
 * script once (`<` escaped). A document's loader data does not carry them (decision 075).
 */
export type DocumentMessages = { page: PageMessages; script: string }

/** The data script a document's messages are written in, read back before hydration. */
export const PAGE_MESSAGES_ID = 'page-messages'

/** JSON text as it may stand in a script element: no `<`, so nothing can close the element. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an escape, read by the browser's parser
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c')

let lastText = ''
let lastMessages: Messages = {}
/** A page's messages read from their text; the same text again is not read again. */
function messagesOf(text: string): Messages {
	if (text !== lastText) {
		lastMessages = JSON.parse(text) as Messages
		lastText = text
	}
	return lastMessages
}

let resolveServerI18n: (() => I18n) | null = null

/** Set once by i18n.server.ts: where the server finds the current request's catalogs. */
export function setServerI18nResolver(resolve: () => I18n) {
	resolveServerI18n = resolve
}

const browserInstances = new Map<Locale, I18n>()
let browserLocale: Locale = DEFAULT_LOCALE

/** The browser's instance for a language, made on first use; later pages add their messages. */
function browserI18n(locale: Locale): I18n {
	let instance = browserInstances.get(locale)
	if (!instance) {
		// Not @lingui/core's instance: the browser needs only its compiled messages read (lingui-runtime.tsx).
		instance = new PageCatalog(locale) as unknown as I18n
		browserInstances.set(locale, instance)
	}
	return instance
}

/**
 * Adds a page's messages to the browser's catalogs. Called by the root's client loader before a
 * new page renders, and once before hydration; adding before render keeps every message there
 * when the page's components first ask for it.
 */
export function loadPageMessages({ locale, messages: text }: PageMessages) {
	const instance = browserI18n(locale)
	browserLocale = locale
	const messages = messagesOf(text)
	const known = instance.messages
	for (const id in messages) {
		if (!(id in known)) {
			instance.load(locale, messages)
			return instance
		}
	}
	return instance
}

/**
 * What a page renders with when the root's data has no messages: on the server, when a middleware
 * refused the request so no loader ran, the request's whole catalog, which the page writes into
 * itself; in the browser, before hydration, the document's data script read back (a document's
 * loader data leaves its messages to that script, decision 075).
 */
export function messagesWithoutPageData(): PageMessages {
	if (resolveServerI18n) {
		const instance = resolveServerI18n()
		return { locale: instance.locale as Locale, messages: JSON.stringify(instance.messages) }
	}
	const script = globalThis.document?.getElementById(PAGE_MESSAGES_ID)
	const locale = script?.dataset.locale
	return script && locale
		? { locale: locale as Locale, messages: script.textContent ?? '{}' }
		: { locale: DEFAULT_LOCALE, messages: '{}' }
}

/** The instance a page renders with: the request's on the server, in the browser the page's. */
export function pageI18n(page: PageMessages): I18n {
	if (resolveServerI18n) return resolveServerI18n()
	return loadPageMessages(page)
}

/** The instance for what is being rendered now: the request's on the server, the page's here. */
export function currentI18n(): I18n {
	if (resolveServerI18n) return resolveServerI18n()
	return browserI18n(browserLocale)
}

/** What the `t` macro calls: always the current language, whichever side renders. */
export const i18n: Pick<I18n, '_' | 't'> & { readonly locale: string } = {
	_: ((...args: Parameters<I18n['_']>) => currentI18n()._(...args)) as I18n['_'],
	t: ((...args: Parameters<I18n['t']>) => currentI18n().t(...args)) as I18n['t'],
	get locale() {
		return currentI18n().locale
	},
}

/**
 * The `Intl` locale of the page's language: English as the spec writes dates and numbers (en-US),
 * the pseudo-locale as English; the others as their own.
 */
export function intlLocale(): string {
	const locale = currentI18n().locale
	return locale === 'en' || locale === 'en-XA' ? 'en-US' : locale
}

export { directionOf }
