import { data } from 'react-router'
import { UpstreamError } from './upstream-errors'

const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'last-modified', 'etag']

/**
 * A file the upstream answered, passed on to the browser as it streams: its type, size and file
 * name, never cached by shared caches (the file may be private to the user).
 */
export function passFile(upstreamResponse: Response, { cache = 'private, no-store' } = {}) {
	const headers = new Headers({ 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' })
	for (const name of PASSED_HEADERS) {
		const value = upstreamResponse.headers.get(name)
		if (value) headers.set(name, value)
	}
	return new Response(upstreamResponse.body, { status: 200, headers })
}

/**
 * Runs a download; an upstream refusal or absence becomes the same status for the browser
 * (the route's boundary renders it), anything transient a 502.
 */
export async function download(open: () => Promise<Response>, options?: { cache?: string }) {
	try {
		return passFile(await open(), options)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		const status = error.status === 403 || error.status === 404 || error.status === 400 ? error.status : 502
		throw data(error.text, { status: status === 400 ? 404 : status })
	}
}
