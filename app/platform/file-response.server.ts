import {
	createContext,
	data,
	redirectDocument,
	type MiddlewareFunction,
	type RouterContextProvider,
} from 'react-router'
import { throwPageError } from './settle.server'
import { UpstreamError } from './upstream-errors'

const PASSED_HEADERS = [
	'content-type',
	'content-length',
	'content-disposition',
	'last-modified',
	'etag',
]

/**
 * A file the upstream answered, passed on to the browser as it streams: its type, size and file
 * name, never cached by shared caches (the file may be private to the user).
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a Cache-Control value
export function passFile(upstreamResponse: Response, { cache = 'private, no-store' } = {}) {
	const headers = new Headers({ 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' })
	for (const name of PASSED_HEADERS) {
		const value = upstreamResponse.headers.get(name)
		if (value) headers.set(name, value)
	}
	// A conditional request's 304 (a calendar app polling its feed) passes on as one, bodiless.
	if (upstreamResponse.status === 304) return new Response(null, { status: 304, headers })
	return new Response(upstreamResponse.body, { status: 200, headers })
}

/**
 * Runs a download for a resource route outside the areas (profile pictures); an upstream refusal or absence becomes the same status for the browser
 * (the route's boundary renders it), anything transient a 502.
 */
export async function download(open: () => Promise<Response>, options?: { cache?: string }) {
	try {
		return passFile(await open(), options)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		const status =
			error.status === 403 || error.status === 404 || error.status === 400 ? error.status : 502
		throw data(error.text, { status: status === 400 ? 404 : status })
	}
}

// Why the file was not answered: the upstream's refusal, or none when the link names no file.
const failedFile = createContext<{ refusal: UpstreamError | null } | null>(null)

export type FileRouteArgs = { request: Request; context: Readonly<RouterContextProvider> }

/**
 * A file link inside an area (a certificate PDF, a library file, a task file) is a page whose
 * middleware answers the file itself as it streams. A refusal or absence falls through to the
 * page's loader (`failedFileLoader`), so the browser gets the area's 403 or 404 page, in HTML
 * with the area's navigation, never the raw text a resource route would answer.
 * `open` runs the guard and the upstream call (null: the link names no file); a redirect it
 * throws (not signed in, another role) is followed.
 */
export function fileMiddleware<Args extends FileRouteArgs>(
	open: (args: Args) => Promise<Response> | null,
	options?: { cache?: string },
): MiddlewareFunction<Response> {
	return async (args, next) => {
		const { request, context } = args
		// Only a document asks for the file; a client-side navigation (`.data`) is sent to the document.
		if ((request.method !== 'GET' && request.method !== 'HEAD') || isDataRequest(request))
			return next()
		try {
			const file = open(args as unknown as Args)
			if (file) return passFile(await file, options)
			context.set(failedFile, { refusal: null })
			return next()
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			context.set(failedFile, { refusal: error })
			return next()
		}
	}
}

/** The loader of a file page: reached only when the file was not answered. */
export function failedFileLoader({ request, context }: FileRouteArgs): never {
	const failure = context.get(failedFile)
	if (failure?.refusal) throwPageError(failure.refusal)
	if (failure) throw data(null, { status: 404 })
	if (isDataRequest(request)) {
		const url = new URL(request.url)
		url.pathname = url.pathname.replace(/\.data$/, '')
		url.searchParams.delete('_routes')
		throw redirectDocument(url.pathname + url.search)
	}
	throw data(null, { status: 405 })
}

function isDataRequest(request: Request) {
	return new URL(request.url).pathname.endsWith('.data')
}
