import { createHash } from 'node:crypto'
import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, isoDateTime } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { feedSessions, schedulesFingerprint } from '../schedules/repository.ts'
import { feedIdOf, feedToken } from './feeds.ts'
import { ensureFeed, findFeedOwner, recordFeedVersion, resetFeed } from './repository.ts'
import { speaker } from '../platform/i18n.ts'
import { sessionsCalendar } from './ics.ts'

const FEED_NOT_FOUND = 'Calendar not found'
/**
 * What a feed holds (issue 28, decision 046): the sessions from now on, at most the nearest 500,
 * and those of the last 90 days, at most the newest 500. A calendar app refetches the whole feed
 * every hour or day; 500 sessions are the week ahead for the busiest teacher (500 a week) and
 * months for any other, and later sessions come in as the nearest pass. So a feed is at most
 * 1,000 sessions (about 0.3 MB) however many a teacher has, at most twice a 500-a-week
 * teacher's. The subscribe screen and the feed's description say so.
 */
const PAST_DAYS = 90
const PAST_LIMIT = 500
const FUTURE_LIMIT = 500
const DAY_MS = 86_400_000

/** The two parts of a feed at `now`: newest past first, nearest future first. */
const feedParts = (now: Date) => [
	{
		filters: {
			from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
			to: now,
			order: 'desc' as const,
		},
		limit: PAST_LIMIT,
	},
	{
		filters: {
			from: now,
			order: 'asc' as const,
		},
		limit: FUTURE_LIMIT,
	},
]

/** An HTTP date has whole seconds. */
const wholeSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000)

/** Whether the caller's copy is the current one: If-None-Match, else If-Modified-Since. */
function notModified(headers: Headers, etag: string, changedAt: Date) {
	const ifNoneMatch = headers.get('if-none-match')
	if (ifNoneMatch) {
		return ifNoneMatch
			.split(',')
			.map((tag) => tag.trim().replace(/^W\//, ''))
			.some((tag) => tag === etag || tag === '*')
	}
	const since = Date.parse(headers.get('if-modified-since') ?? '')
	return !Number.isNaN(since) && wholeSeconds(changedAt) <= since / 1000
}

/** The private calendar feed of a student's or teacher's sessions (issue 19). */
/** A calendar feed: the secret token of its address, and when it was made. */
const feed = z.object({ token: z.string(), createdAt: isoDateTime }).openapi('CalendarFeed')

export function calendarRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const present = (row: { feed_id: string; created_at: Date }): z.input<typeof feed> => ({
		token: feedToken(config.jwtSecret, row.feed_id),
		createdAt: row.created_at.toISOString(),
	})

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
				async (c) => c.json({ feed: present(await ensureFeed(db, c.get('account').id)) }, 200),
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
					return c.json({ message: 'Calendar link reset', feed: present(reset) }, 200)
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
						...answers({ 200: fileAnswer('text/calendar') }, { 404: 'Calendar not found' }),
						304: {
							description: 'Unchanged since the copy named by If-None-Match or If-Modified-Since',
						},
					},
				},
				async (c) => {
					const token = c.req.valid('param').token.replace(/\.ics$/, '')
					const feedId = feedIdOf(config.jwtSecret, token)
					const owner = feedId ? await findFeedOwner(db, feedId) : undefined
					if (!owner) throw new ApiError(404, FEED_NOT_FOUND)
					const now = new Date()
					const viewer = { role: owner.role, id: owner.id }
					const { say } = speaker(owner.locale)
					// The product's name and the owner's: the same words in every language.
					const name = `TutorHub: ${owner.first_name} ${owner.last_name}`
					const description = say(
						'Your TutorHub sessions. Your calendar app updates them about once an hour.',
					)
					const parts = feedParts(now)
					// A calendar app polls hourly: the fingerprint of what the answer would hold is read
					// first, and an unchanged feed costs one small query and a 304.
					const prints = await Promise.all(
						parts.map((part) => schedulesFingerprint(db, viewer, part.filters, part.limit, now)),
					)
					const version = createHash('sha256')
						.update([name, description, ...prints].join('\n'))
						.digest('base64url')
						.slice(0, 27)
					const changedAt =
						owner.version === version && owner.version_changed_at
							? owner.version_changed_at
							: await recordFeedVersion(db, feedId!, version)
					const etag = `"${version}"`
					const headers = {
						ETag: etag,
						'Last-Modified': new Date(wholeSeconds(changedAt) * 1000).toUTCString(),
						'Cache-Control': 'private, no-cache',
						'X-Robots-Tag': 'noindex',
					}
					if (notModified(c.req.raw.headers, etag, changedAt)) return c.body(null, 304, headers)
					const [past, future] = await Promise.all(
						parts.map((part) => feedSessions(db, viewer, part.filters, part.limit, now)),
					)
					const rows = [...past!.reverse(), ...future!]
					return c.body(sessionsCalendar(rows, name, description), 200, {
						...headers,
						'Content-Type': 'text/calendar; charset=utf-8',
						'Content-Disposition': 'inline; filename="tutorhub-sessions.ics"',
					})
				},
			)
	)
}
