import { data } from 'react-router'
import { replyStatus } from './form.server'
import { UpstreamError } from './upstream-errors'
import type { LoadFailure } from './toast'

export type Settled<T> = { ok: true; value: T } | { ok: false; error: LoadFailure }

/**
 * For loaders that should still render when one call fails: an upstream failure becomes data the
 * page shows (the spec's text inline, its toast once hydrated); anything else still throws.
 */
export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await promise }
	} catch (error) {
		if (error instanceof UpstreamError)
			return { ok: false, error: { text: error.text, toast: error.toast } }
		throw error
	}
}

/**
 * For loaders whose page means nothing without the data: a refused or unknown id is the area's
 * 403 or 404 page, and any other upstream failure the area's error page with the spec's text and
 * the status of the one rule (502, 503…), never the crash screen (`ui/error-pages.tsx`).
 */
export function needed<T>(promise: Promise<T>, { refusedAsMissing = false } = {}): Promise<T> {
	return promise.catch((error: unknown) => {
		// Someone else's record: where even its existence is private, a refusal reads as not found.
		if (refusedAsMissing && error instanceof UpstreamError && error.status === 403)
			throw data(null, { status: 404 })
		return throwPageError(error)
	})
}

/** `needed`'s rule for an error already caught; anything but an upstream failure is rethrown. */
export function throwPageError(error: unknown): never {
	if (!(error instanceof UpstreamError)) throw error
	if (error.status === 400 || error.status === 404) throw data(null, { status: 404 })
	if (error.status === 403) throw data(null, { status: 403 })
	const upstreamFailure: LoadFailure = { text: error.text, toast: error.toast }
	throw data({ upstreamFailure }, { status: replyStatus(error.status) })
}
