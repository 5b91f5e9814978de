import { offlineFailure } from './offline-snapshot'
import { toastForFailure } from './upstream-errors'
import type { LoadFailure } from './toast'

// What browsers throw when a request cannot leave (offline, DNS, a dropped connection): a
// TypeError whose text each engine words its own way, for data (fetch) and for code (a route's
// module, imported on first use).
const networkMessages = [
	/^Failed to fetch\b/, // Chromium, for fetch and for modules ("…dynamically imported module")
	/^NetworkError when attempting to fetch resource/, // Firefox
	/^error loading dynamically imported module/, // Firefox
	/^Load failed$/, // Safari
	/^Importing a module script failed/, // Safari
]

/** True for an error a navigation or submission got because the network, not the server, failed. */
export function isNetworkFailure(error: unknown): error is TypeError {
	return (
		error instanceof TypeError && networkMessages.some((message) => message.test(error.message))
	)
}

/**
 * What a page shows when its data could not be fetched: 'You are offline' (spec section 8) when
 * the browser knows it is offline, else the spec's Network Error toast with its text in place.
 */
export function networkFailureOf(): LoadFailure {
	if (typeof navigator !== 'undefined' && !navigator.onLine) return offlineFailure.error
	const toast = toastForFailure({ kind: 'network' })
	return { text: toast.description ?? toast.title, toast }
}
