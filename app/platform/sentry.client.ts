import * as Sentry from '@sentry/react-router'

/** Called after hydration, so error reporting never weighs on first paint. */
export function startSentry(dsn: string) {
	Sentry.init({
		dsn,
		environment: 'production',
		release: 'frontend@1.0.0',
		tracesSampleRate: 1,
		sendDefaultPii: true,
		integrations: [Sentry.reactRouterTracingIntegration()],
	})
}
