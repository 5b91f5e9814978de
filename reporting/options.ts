import { scrubEvent } from './scrub.ts'

type Environment = Record<string, string | undefined>

/**
 * Sentry's settings wherever it runs. The spec's personal-data setting (user id and email sent)
 * stays on, and every event and transaction is scrubbed of credentials first. `production` and
 * the spec's release label are defaults an operator overrides with SENTRY_ENVIRONMENT and
 * SENTRY_RELEASE, so a developer's machine does not report as production.
 */
export function sentryOptions(environment: Environment, defaultRelease: string) {
	return {
		environment: environment.SENTRY_ENVIRONMENT || 'production',
		release: environment.SENTRY_RELEASE || defaultRelease,
		tracesSampleRate: 1,
		sendDefaultPii: true,
		beforeSend: scrubEvent,
		beforeSendTransaction: scrubEvent,
	}
}

/** The frontend's release label in the spec. */
export const FRONTEND_RELEASE = 'frontend@1.0.0'
