import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, isoDateTime } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { listSchedules } from '../schedules/repository.ts'
import { feedIdOf, feedToken } from './feeds.ts'
import { ensureFeed, findFeedOwner, resetFeed } from './repository.ts'
import { sessionsCalendar } from './ics.ts'

const FEED_NOT_FOUND = 'Calendar not found'
/**
 * What a feed holds (issue 28): every session from now on, however many, so a subscriber never
 * loses the weeks ahead; and the past ones of the last 90 days, at most 1,000 of them,
 * the newest kept. See api/README.md.
 */
const PAST_DAYS = 90
const ALL = 1_000_000
const PAST_LIMIT = 1000

/** The private calendar feed of a student's or teacher's sessions (issue 19); see api/README.md. */
/** A calendar feed: the secret token of its address, and when it was made. */
const feed = z.object({ token: z.string(), createdAt: isoDateTime }).openapi('CalendarFeed')

export function calendarRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const present = (row: { feed_id: string; created_at: Date }): z.input<typeof feed> => ({
		token: feedToken(config.jwtSecret, row.feed_id),
		createdAt: row.created_at.toISOString(),
	})

	const studentOrTutor = requireAccount({ roles: ['student', 'tutor'] })

	return (
		new ApiRoutes(config)
			.endpoint(
				{
					method: 'get',
					path: '/feed',
					summary: "The caller's calendar feed (made on first use)",
					middleware: studentOrTutor,
					responses: answers({ 200: z.object({ feed }) }),
				},
				async (c) => c.json({ feed: present(await ensureFeed(db, c.get('account').id)) }, 200),
			)
			.endpoint(
				{
					method: 'post',
					path: '/feed/reset',
					summary: 'A new feed address; the old one stops working',
					middleware: studentOrTutor,
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
					summary: 'The feed as iCalendar: every future session and the recent past',
					request: { params: z.object({ token: z.string() }) },
					responses: answers({ 200: fileAnswer('text/calendar') }),
				},
				async (c) => {
					const token = c.req.valid('param').token.replace(/\.ics$/, '')
					const feedId = feedIdOf(config.jwtSecret, token)
					const owner = feedId ? await findFeedOwner(db, feedId) : undefined
					if (!owner) throw new ApiError(404, FEED_NOT_FOUND)
					const now = new Date()
					const viewer = { role: owner.role, id: owner.id }
					const [past, future] = await Promise.all([
						listSchedules(
							db,
							viewer,
							{ from: new Date(now.getTime() - PAST_DAYS * 86_400_000), to: now, order: 'desc' },
							{ page: 1, limit: PAST_LIMIT, offset: 0 },
							now,
						),
						listSchedules(
							db,
							viewer,
							{ from: now, order: 'asc' },
							{ page: 1, limit: ALL, offset: 0 },
							now,
						),
					])
					const rows = [...past.rows.reverse(), ...future.rows]
					return c.body(
						sessionsCalendar(rows, `TutorHub: ${owner.first_name} ${owner.last_name}`),
						200,
						{
							'Content-Type': 'text/calendar; charset=utf-8',
							'Content-Disposition': 'inline; filename="tutorhub-sessions.ics"',
							'Cache-Control': 'private, no-cache',
							'X-Robots-Tag': 'noindex',
						},
					)
				},
			)
	)
}
