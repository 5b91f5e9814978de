import type * as SentryModule from '@sentry/react-router'
import { env } from './env.server'
import type { SessionUser } from './session.server'

// Sentry is loaded only when a DSN is set; without one the server never imports it. It was
// initialised by instrument.server.mjs before the build loaded (server.mjs).
let sentry: Promise<typeof SentryModule> | null = null

/**
 * Reports an unexpected server error once, with the signed-in user's id and email (spec §9) and
 * the request id server.mjs gave the request (the API logs the same one).
 */
export function reportServerError(error: unknown, user: SessionUser | null, request?: Request) {
	const requestId = request?.headers.get('x-request-id')
	if (!env.sentryDsn) return
	sentry ??= import('@sentry/react-router')
	void sentry.then((Sentry) =>
		Sentry.withScope((scope) => {
			if (user) scope.setUser({ id: user.id, email: user.email })
			if (requestId) scope.setTag('request_id', requestId)
			Sentry.captureException(error, { mechanism: { handled: false, type: 'react-router.server' } })
		}),
	)
}
