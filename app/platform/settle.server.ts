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
		if (error instanceof UpstreamError) return { ok: false, error: { text: error.text, toast: error.toast } }
		throw error
	}
}
