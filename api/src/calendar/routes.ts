import { Hono } from 'hono'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { accountGuard } from '../platform/require-account.ts'
import { listSchedules } from '../schedules/repository.ts'
import { ensureFeed, feedIdOf, feedToken, findFeedOwner, resetFeed } from './feeds.ts'
import { sessionsCalendar } from './ics.ts'

const FEED_NOT_FOUND = 'Calendar not found'
/** How far back a feed reaches, and the most sessions it holds. */
const PAST_DAYS = 90
const MAX_SESSIONS = 1000

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
				const { rows } = await listSchedules(
					db,
					{ role: owner.role, id: owner.id },
					{ from: new Date(now.getTime() - PAST_DAYS * 86_400_000), order: 'asc' },
					{ page: 1, limit: MAX_SESSIONS, offset: 0 },
					now,
				)
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
