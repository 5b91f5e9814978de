import { AsyncLocalStorage } from 'node:async_hooks'
import { readFileSync } from 'node:fs'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import {
	DEFAULT_LOCALE,
	LOCALES,
	PSEUDO_LOCALE,
	negotiateLocale,
	supportedLocale,
	type Locale,
} from '../../contract/locales'
import {
	scriptSafeJson,
	setServerI18nResolver,
	type DocumentMessages,
	type PageMessages,
} from './i18n'
import { lengthenCatalog } from './pseudo-locale'

/**
 * The server's side of the translations (decision 063): every catalog of every language, compiled
 * by the Vite plugin as the build imports them; one instance per language, shared by all requests
 * (nothing writes to it after start), the pseudo-locale's lengthened as it loads; and the
 * request's language, chosen once per request.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a build-time path
const compiled = import.meta.glob<Messages>('../../locales/*/*.po', {
	eager: true,
	import: 'messages',
})

const catalogs = new Map<Locale, Messages>()
for (const [path, messages] of Object.entries(compiled)) {
	const locale = path.split('/').at(-2) as Locale
	catalogs.set(locale, { ...catalogs.get(locale), ...messages })
}
catalogs.set(PSEUDO_LOCALE, lengthenCatalog(catalogs.get(PSEUDO_LOCALE) ?? {}))

const instances = new Map<Locale, I18n>(
	([...LOCALES, PSEUDO_LOCALE] as Locale[]).map((locale): [Locale, I18n] => [
		locale,
		setupI18n({ locale, messages: { [locale]: catalogs.get(locale) ?? {} } }),
	]),
)

export const i18nFor = (locale: Locale): I18n =>
	instances.get(locale) ?? instances.get(DEFAULT_LOCALE)!

const request = new AsyncLocalStorage<I18n>()
setServerI18nResolver(() => request.getStore() ?? i18nFor(DEFAULT_LOCALE))

const localeContext = createContext<Locale>(DEFAULT_LOCALE)
/** Whether the request asks for a page's data (`/courses.data`, a client-side navigation) rather than a document. */
const dataRequestContext = createContext<boolean>(false)
/** A document's messages, for its data script (decision 075). */
const documentMessagesContext = createContext<DocumentMessages | null>(null)

function isDataRequest(url: string) {
	const query = url.indexOf('?')
	return (query === -1 ? url : url.slice(0, query)).endsWith('.data')
}

/** The language of the request being answered. */
export const localeOf = (context: Readonly<RouterContextProvider>): Locale =>
	context.get(localeContext)

/** The cookie a visitor's choice in the footer sets (a year; no account needed). */
export const LANGUAGE_COOKIE = 'lang'

function cookieLocale(cookieHeader: string | null): Locale | null {
	if (!cookieHeader) return null
	const match = /(?:^|;\s*)lang=([A-Za-z-]{2,8})/.exec(cookieHeader)
	return match ? supportedLocale(match[1]) : null
}

/** Where a page's language may come from besides the visitor: a course's own, an account's. */
export type LocaleSources = {
	course?: Locale | null
	account?: Locale | null
}

/**
 * The order Moodle, Canvas and Open edX use: a course's language over the person's own setting
 * (which already falls back to their organization's default), then the visitor's choice in the
 * footer, then the browser's `Accept-Language`, then English.
 */
export function chooseLocale(request: Request, sources: LocaleSources = {}): Locale {
	return (
		sources.course ??
		sources.account ??
		cookieLocale(request.headers.get('Cookie')) ??
		negotiateLocale(request.headers.get('Accept-Language')) ??
		DEFAULT_LOCALE
	)
}

/**
 * Sets the request's language and keeps it for everything the request runs, rendering included,
 * so `t` in an action, a loader or a component speaks it. Two steps: the visitor's language
 * (their choice, their browser) before the session is read, so what the session's own step says
 * (a refreshed or expired sign-in) speaks it too; then the account's, once the session says who
 * is signed in.
 */
export const visitorLocaleMiddleware: MiddlewareFunction<Response> = async (
	{ request: incoming, context },
	next,
) => {
	const locale = chooseLocale(incoming)
	context.set(localeContext, locale)
	context.set(dataRequestContext, isDataRequest(incoming.url))
	const response = await request.run(i18nFor(locale), next)
	// The same address answers in each visitor's language: a shared cache must keep them apart.
	try {
		response.headers.append('Vary', 'Accept-Language, Cookie')
	} catch {
		// A response whose headers are fixed (a proxied file) is not a page.
	}
	return response
}

export function accountLocaleMiddleware(
	accountLocale: (context: Readonly<RouterContextProvider>) => Locale | null,
): MiddlewareFunction<Response> {
	return ({ request: incoming, context }, next) => {
		const account = accountLocale(context)
		if (!account) return next()
		const locale = chooseLocale(incoming, { account })
		// Most people's own language is the one their browser already chose.
		if (locale === context.get(localeContext)) return next()
		context.set(localeContext, locale)
		return request.run(i18nFor(locale), next)
	}
}

/**
 * A course's language, when its teacher set one, wins for every page of that course (decision
 * 063): the course areas' middleware, which runs before their loaders.
 */
export function courseLocaleMiddleware(
	courseLocale: (args: Parameters<MiddlewareFunction<Response>>[0]) => Promise<Locale | null>,
): MiddlewareFunction<Response> {
	return async (args, next) => {
		const locale = await courseLocale(args)
		if (!locale) return next()
		args.context.set(localeContext, locale)
		return request.run(i18nFor(locale), next)
	}
}

// Which messages each page needs in the browser: written by the build (scripts/route-messages.mjs)
// from the page's own client chunks. Without it (development) the browser gets the whole catalog.
let routeMessages: Record<string, string[]> | null = null
try {
	routeMessages = JSON.parse(
		readFileSync(new URL('./route-messages.json', import.meta.url), 'utf8'),
	) as Record<string, string[]>
} catch {
	routeMessages = null
}

/** Made once per language and page: the same for every request. */
const madePages = new Map<string, DocumentMessages>()

/**
 * The page's messages in its language, and no others: what the root loader sends the browser, as
 * one JSON text made once per language and page. React Router's stream passes a string whole; the
 * compiled messages themselves, nested arrays, it would walk part by part on every request.
 *
 * A page's data (`.data`) carries them; a document does not (null here): the root's `Layout`
 * writes them into the page once, as a data script (documentMessages). In the loader data they
 * were serialised three times over (the messages' JSON, inside React Router's stream, inside a
 * script's string), a third of a student's dashboard and its most expensive part to write
 * (decision 075).
 */
export function pageMessages(
	context: Readonly<RouterContextProvider>,
	pattern: string,
): PageMessages | null {
	const made = madeMessages(localeOf(context), pattern)
	if (context.get(dataRequestContext)) return made.page
	context.set(documentMessagesContext, made)
	return null
}

/** The messages the root loader kept for the document being rendered (null before it ran). */
export const documentMessages = (
	context: Readonly<RouterContextProvider>,
): DocumentMessages | null => context.get(documentMessagesContext)

function madeMessages(locale: Locale, pattern: string): DocumentMessages {
	const key = `${locale} ${pattern}`
	const made = madePages.get(key)
	if (made) return made
	const all = catalogs.get(locale) ?? {}
	const ids = routeMessages?.[pattern]
	let messages: Messages = all
	if (ids) {
		messages = {}
		for (const id of ids) {
			const message = all[id]
			if (message !== undefined) messages[id] = message
		}
	}
	const text = JSON.stringify(messages)
	const page = { page: { locale, messages: text }, script: scriptSafeJson(text) }
	// Patterns come from the route table, so the map stays as small as languages × routes.
	if (ids) madePages.set(key, page)
	return page
}
