import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes, fileAnswer } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toFeed } from './feeds.ts'
import { FEED_NOT_FOUND, openFeed } from './open-feed.ts'
import { ensureFeed, resetFeed } from './repository.ts'
import { feed } from './schemas.ts'

/** The private calendar feed of a student's or teacher's sessions (issue 19). */
export function calendarRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const studentOrTeacher = requireAccount({ roles: ['student', 'tutor'] })

	return (
		new ApiRoutes(config, 'calendar')
			.endpoint(
				{
					method: 'get',
					path: '/feed',
					operationId: 'getCalendarFeed',
					summary: "The caller's calendar feed (made on first use)",
					middleware: studentOrTeacher,
					description:
						'A student or a teacher: their private calendar address, made on first call; the same token until it is reset. The address is the secret: a random feed id plus an HMAC-SHA256 of it under `JWT_SECRET`, so the stored id alone makes no working address (changing `JWT_SECRET` ends every feed address).',
					responses: answers({ 200: z.object({ feed }) }),
				},
				async (c) => {
					const own = await ensureFeed(db, c.get('account').id)
					return c.json({ feed: toFeed(config.jwtSecret, own) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/feed/reset',
					operationId: 'resetCalendarFeed',
					summary: 'A new feed address; the old one stops working',
					middleware: studentOrTeacher,
					description:
						'A student or a teacher gets a new feed address; the old one answers 404 from now on.',
					responses: answers({ 200: z.object({ message: z.string(), feed }) }),
				},
				async (c) => {
					const reset = await resetFeed(db, c.get('account').id)
					return c.json(
						{ message: 'Calendar link reset', feed: toFeed(config.jwtSecret, reset) },
						200,
					)
				},
			)
			// No account: calendar apps subscribe by address alone, which is the secret.
			.endpoint(
				{
					method: 'get',
					path: '/feeds/{token}',
					operationId: 'openCalendarFeed',
					summary:
						'The feed as iCalendar: the nearest 500 sessions from now on and the newest 500 of the last 90 days; 304 to If-None-Match or If-Modified-Since when unchanged',
					request: { params: z.object({ token: z.string() }) },
					description:
						"Anyone with the token, no account (`.ics` ending optional): RFC 5545 `text/calendar` of the sessions the owner sees in the schedule: from now on, at most the nearest 500, and the last 90 days, at most the newest 500 (decision 046). One VEVENT per session, `UID:{scheduleId}@tutorhub`, `SEQUENCE` counting changes and cancellation, `STATUS:CONFIRMED` or `STATUS:CANCELLED`, times with the session's `TZID` and its VTIMEZONE. Every answer has an `ETag` (a fingerprint of the sessions it holds, read in one aggregate query) and a `Last-Modified`: a matching `If-None-Match`, or else an `If-Modified-Since` at or after that time, is answered 304 with no body, so an hourly poll of an unchanged feed costs one small query. An unknown, altered or reset token is 404.",
					responses: {
						...answers({ 200: fileAnswer('text/calendar') }, { 404: FEED_NOT_FOUND }),
						304: {
							description: 'Unchanged since the copy named by If-None-Match or If-Modified-Since',
						},
					},
				},
				async (c) => {
					const { token } = c.req.valid('param')
					const answer = await openFeed(db, config.jwtSecret, token, c.req.raw.headers)
					if (answer.status === 304) return c.body(null, 304, answer.headers)
					return c.body(answer.body, 200, answer.headers)
				},
			)
	)
}
