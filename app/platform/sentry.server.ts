import type * as SentryModule from '@sentry/react-router'
import { env } from './env.server'

// Sentry is loaded only when a DSN is set; without one the server never imports it.
let sentry: Promise<typeof SentryModule> | null = null

export function reportServerError(error: unknown) {
	if (!env.sentryDsn) return
	sentry ??= import('@sentry/react-router')
	void sentry.then((Sentry) => Sentry.captureException(error))
}
