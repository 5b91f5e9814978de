import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from './context.ts'
import { log } from './log.ts'
import { requestDuration } from './metrics.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** What a request id may be: short, and nothing that could forge or break a log line. */
const WELL_FORMED = /^[\w.:@-]{1,128}$/

/** The caller's id (the app sends the one of the page request it serves), else a new one. */
export function requestId(sent: string | null | undefined): string {
	return sent && WELL_FORMED.test(sent) ? sent : randomUUID()
}

/** Path parameters that are credentials (a calendar feed's address is its only key). */
const SECRET_PARAMS = new Set([':token'])

/**
 * The path as logged: each segment the route names a secret parameter is logged as the name
 * (`/api/v1/calendar/feeds/:token`), so no feed's address reaches the logs.
 */
export function loggedPath(path: string, route: string): string {
	const names = route.split('/')
	return path
		.split('/')
		.map((segment, index) => (SECRET_PARAMS.has(names[index] ?? '') ? names[index] : segment))
		.join('/')
}

/**
 * One log line and one histogram sample per request: method, route pattern, status, duration and
 * request id, which is also answered in X-Request-Id and tagged on a 500's error report.
 */
export function requestLog(): MiddlewareHandler<ApiEnv> {
	return async (c, next) => {
		const started = performance.now()
		const id = requestId(c.req.header(REQUEST_ID_HEADER))
		c.set('requestId', id)
		// Set before the handler: answers Hono builds (c.json, c.body, errors) carry it. Headers are
		// not touched afterwards, since a streamed file's answer must not be rebuilt.
		c.header(REQUEST_ID_HEADER, id)
		try {
			await next()
		} finally {
			const durationMs = performance.now() - started
			const route = c.req.routePath
			requestDuration.observe(
				{ method: c.req.method, route, status: String(c.res.status) },
				durationMs / 1000,
			)
			log.info(
				{
					requestId: id,
					method: c.req.method,
					route,
					path: loggedPath(c.req.path, route),
					status: c.res.status,
					durationMs: Math.round(durationMs * 10) / 10,
				},
				'request',
			)
		}
	}
}
