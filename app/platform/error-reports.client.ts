import { isRouteErrorResponse, type ClientOnErrorFunction } from 'react-router'
import { isNetworkFailure } from './network-failure'

// The browser's side of error reporting. Sentry is a separate chunk fetched after hydration (so it
// never delays first paint), but errors do not wait for it: what happens while hydrating (a render
// error, a hydration mismatch) is kept here and sent once Sentry has started. Errors the server
// had (loaders, actions, server renders) are the server's to report: it did, once.

type PublicEnv = {
	SENTRY_DSN?: string
	SENTRY_ENVIRONMENT?: string
	SENTRY_RELEASE?: string
	SENTRY_USER?: { id: string; email: string } | null
}

type Capture = (error: unknown, mechanism: string, componentStack?: string) => void

/** What React Router's server sends in place of any error in production (never the detail). */
const SANITIZED_SERVER_ERROR = 'Unexpected Server Error'

const settings = (): PublicEnv => (window as { ENV?: PublicEnv }).ENV ?? {}
const seen = new WeakSet<object>()
let pending: Array<Parameters<Capture>> = []
let capture: Capture | null = null

function report(...args: Parameters<Capture>) {
	if (!settings().SENTRY_DSN) return
	const [error] = args
	if (isAbort(error)) return
	if (typeof error === 'object' && error !== null) {
		if (seen.has(error)) return
		seen.add(error)
	}
	if (capture) capture(...args)
	else pending.push(args)
}

/**
 * HydratedRouter's onError: render errors a route or the root boundary caught, and errors of the
 * browser's own loaders and actions. Not 4xx answers, not a network that failed, and not the
 * server's errors again.
 */
export const reportRouteError: ClientOnErrorFunction = (error, { errorInfo }) => {
	if (isRouteErrorResponse(error)) return
	// The network failed, not the app: the page says so (offline or Network Error).
	if (isNetworkFailure(error)) return
	if (!errorInfo && error instanceof Error && error.message === SANITIZED_SERVER_ERROR) return
	report(
		error,
		errorInfo ? 'react-router.render' : 'react-router.data',
		errorInfo?.componentStack ?? undefined,
	)
}

/** hydrateRoot's onRecoverableError (a hydration mismatch React recovered from) and onUncaughtError. */
export function reportReactError(mechanism: 'react.recoverable' | 'react.uncaught') {
	return (error: unknown, errorInfo: { componentStack?: string }) => {
		// React logs these itself unless given a handler: keep that.
		console.error(error)
		report(error, mechanism, errorInfo.componentStack)
	}
}

/** An aborted request: a navigation or fetch superseded by a newer one, not a failure. */
export function isAbort(error: unknown) {
	return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * React Router aborts a navigation's requests when a newer one (a second click, a redirect)
 * supersedes it, and now and then leaves the abort's rejection unhandled. Nothing failed: the
 * newer navigation is under way. Such rejections are neither reported nor logged as uncaught.
 */
export function ignoreAbortedNavigations() {
	window.addEventListener('unhandledrejection', (event) => {
		if (isAbort(event.reason)) event.preventDefault()
	})
}

/** Starts Sentry after hydration when a DSN is configured, then sends what was kept. */
export function startErrorReports() {
	const env = settings()
	if (!env.SENTRY_DSN) return
	const dsn = env.SENTRY_DSN
	void import('./sentry.client').then(({ startSentry }) => {
		capture = startSentry({
			dsn,
			environment: env.SENTRY_ENVIRONMENT,
			release: env.SENTRY_RELEASE,
			user: env.SENTRY_USER ?? null,
		})
		const kept = pending
		pending = []
		for (const args of kept) capture(...args)
	})
}
