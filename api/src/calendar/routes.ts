import { Hono } from 'hono'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { accountGuard } from '../platform/require-account.ts'
import { listSchedules } from '../schedules/repository.ts'
import { ensureFeed, feedIdOf, feedToken, findFeedOwner, resetFeed } from './feeds.ts'
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
export function calendarRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const present = (feed: { feed_id: string; created_at: Date }) => ({
		token: feedToken(config.jwtSecret, feed.feed_id),
		createdAt: feed.created_at.toISOString(),
	})

	return (
		new Hono<ApiEnv>()
			.get('/feed', requireAccount({ roles: ['student', 'tutor'] }), async (c) => {
				return c.json({ feed: present(await ensureFeed(db, c.get('account').id)) })
			})
			.post('/feed/reset', requireAccount({ roles: ['student', 'tutor'] }), async (c) => {
				const feed = await resetFeed(db, c.get('account').id)
				return c.json({ message: 'Calendar link reset', feed: present(feed) })
			})
			// No account: calendar apps subscribe by address alone, which is the secret.
			.get('/feeds/:token', async (c) => {
				const token = (c.req.param('token') ?? '').replace(/\.ics$/, '')
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
			})
	)
}
