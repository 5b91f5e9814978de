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

/** A calendar feed's address (api/src/calendar/feeds.ts: 32 hex digits and a 43-character MAC). */
const FEED_TOKEN = /[0-9a-f]{32}[\w-]{43}/g
const CALENDAR = /calendar/i
/** What may follow the word calendar and still be logged: the API's own `/feed` and `/feeds`. */
const FEEDS = /^[\\/]+feeds?(?=[\\/]|$)/i

/**
 * The path as logged, with no calendar feed's address in it whatever its form (issue 38): the
 * address is the feed's only key, so anyone reading the logs could subscribe to a teacher's or
 * student's schedule. Masking the segment the route names `:token` missed every path that matched
 * no route (`/calendar/feeds/<token>/x`, `//<token>`, `/Calendar/…`). So the path is read as the
 * router would (%-escapes decoded), anything shaped like an address is logged as `:token`, and
 * whatever follows the word `calendar` (any case, after `/feeds`) is logged as `:token` too.
 * A handful of string scans on a short path: well under a microsecond per request.
 */
export function loggedPath(path: string): string {
	let plain = path
	if (plain.includes('%')) {
		try {
			plain = decodeURIComponent(plain)
		} catch {
			// Logged as sent; the token's shape is still masked below.
		}
	}
	plain = plain.replace(FEED_TOKEN, ':token')
	const at = plain.search(CALENDAR)
	if (at === -1) return plain
	const head = at + 'calendar'.length
	const kept = head + (FEEDS.exec(plain.slice(head))?.[0].length ?? 0)
	return kept === plain.length ? plain : `${plain.slice(0, kept)}/:token`
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
					path: loggedPath(c.req.path),
					status: c.res.status,
					durationMs: Math.round(durationMs * 10) / 10,
				},
				'request',
			)
		}
	}
}
