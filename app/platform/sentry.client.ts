import * as Sentry from '@sentry/react-router'
import { sentryOptions } from '../../reporting/options'

type Settings = {
	dsn: string
	environment?: string
	release?: string
	user: { id: string; email: string } | null
}

/** Called after hydration, so error reporting never weighs on first paint. Returns the capture. */
export function startSentry({ dsn, environment, release, user }: Settings) {
	Sentry.init({
		dsn,
		...sentryOptions({ SENTRY_ENVIRONMENT: environment, SENTRY_RELEASE: release }),
		integrations: [Sentry.reactRouterTracingIntegration()],
		// A navigation superseded by a newer one aborts its requests: nothing failed.
		ignoreErrors: [/^AbortError\b/, 'signal is aborted without reason'],
	})
	if (user) Sentry.setUser(user)
	return (error: unknown, mechanism: string, componentStack?: string) => {
		Sentry.withScope((scope) => {
			if (componentStack) scope.setContext('react', { componentStack })
			Sentry.captureException(error, {
				mechanism: { handled: mechanism !== 'react.uncaught', type: mechanism },
			})
		})
	}
}
