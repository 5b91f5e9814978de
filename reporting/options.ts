import { scrubEvent } from './scrub.ts'

type Environment = Record<string, string | undefined>

/**
 * Sentry's settings wherever it runs. The spec's personal-data setting (user id and email sent)
 * stays on, and every event and transaction is scrubbed of credentials first. `production` is a
 * default an operator overrides with SENTRY_ENVIRONMENT, so a developer's machine does not report
 * as production. The release is the build's (reporting/release.ts finds it on the server; pages
 * get the server's), never a fixed label that says nothing about what was deployed.
 */
export function sentryOptions(environment: Environment) {
	return {
		environment: environment.SENTRY_ENVIRONMENT || 'production',
		release: environment.SENTRY_RELEASE || undefined,
		tracesSampleRate: 1,
		sendDefaultPii: true,
		beforeSend: scrubEvent,
		beforeSendTransaction: scrubEvent,
	}
}
