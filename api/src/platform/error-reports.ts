import type * as SentryNode from '@sentry/node'
import { join } from 'node:path'
import { sentryOptions } from '../../../reporting/options.ts'
import { runtimeRelease } from '../../../reporting/release.ts'

// The API reports its own unexpected errors (the 500s of handleError, a failed start) when
// SENTRY_DSN is set, scrubbed like the app's. Without a DSN Sentry is never loaded.
let sentry: typeof SentryNode | null = null

export async function startErrorReports(
	environment: Record<string, string | undefined> = process.env,
) {
	if (!environment.SENTRY_DSN || sentry) return
	sentry = await import('@sentry/node')
	// The release npm run build wrote (BUILD_DIR/release.txt), else this checkout's commit.
	const release = runtimeRelease(environment, join(environment.BUILD_DIR || 'build', 'release.txt'))
	sentry.init({
		dsn: environment.SENTRY_DSN,
		...sentryOptions({ ...environment, SENTRY_RELEASE: release }),
	})
}

export function reportError(
	error: unknown,
	request?: { method: string; path: string; userId?: string; requestId?: string },
) {
	if (!sentry) return
	const Sentry = sentry
	Sentry.withScope((scope) => {
		if (request) {
			scope.setTag('route', `${request.method} ${request.path}`)
			if (request.userId) scope.setUser({ id: request.userId })
			if (request.requestId) scope.setTag('request_id', request.requestId)
		}
		Sentry.captureException(error, { mechanism: { handled: false, type: 'hono' } })
	})
}

/** Sends what is queued before the process exits. */
export async function flushErrorReports(timeoutMs = 2000) {
	await sentry?.flush(timeoutMs)
}
