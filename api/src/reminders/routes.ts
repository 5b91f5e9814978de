import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { readJsonBody } from '../platform/json.ts'
import { accountGuard } from '../platform/require-account.ts'
import { body } from '../platform/validation.ts'
import { sweepReminders } from './sweep.ts'

type ReminderRow = {
	kind: string
	subject_id: string
	event_at: Date
	title: string
	course_title: string
	task_id: string | null
}

/**
 * `GET /reminders`: the reminders given to the caller that still stand, for the dashboard (decision
 * 038): sessions not yet started nor cancelled since (one line per session), tasks not yet due nor
 * submitted since, submissions not yet graded. Shown whatever the mail settings.
 */
export function reminderRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	return new Hono<ApiEnv>().get('/', requireAccount({ roles: ['student', 'tutor'] }), async (c) => {
		const me = c.get('account').id
		const { rows } = await sql<ReminderRow>`
			SELECT DISTINCT ON (r.subject_id, r.event_at) r.kind, r.subject_id, r.event_at,
				s.title, c.title AS course_title, NULL AS task_id
			FROM reminders r
			JOIN schedules s ON s.id = r.subject_id AND s.starts_at = r.event_at
			JOIN courses c ON c.id = s.course_id
			WHERE r.recipient_id = ${me} AND r.kind IN ('session_day', 'session_hour')
				AND s.status = 'Scheduled' AND s.starts_at > now()
			UNION ALL
			SELECT r.kind, r.subject_id, r.event_at, t.title, c.title, t.id
			FROM reminders r
			JOIN tasks t ON t.id = r.subject_id AND t.due_date = r.event_at AND NOT t.is_deleted
			JOIN courses c ON c.id = t.course_id
			WHERE r.recipient_id = ${me} AND r.kind = 'task_due' AND t.due_date > now()
				AND NOT EXISTS (SELECT 1 FROM task_submissions ts WHERE ts.task_id = t.id AND ts.student_id = ${me})
			UNION ALL
			SELECT r.kind, r.subject_id, r.event_at, t.title, c.title, t.id
			FROM reminders r
			JOIN task_submissions ts ON ts.id = r.subject_id AND ts.grade IS NULL
			JOIN tasks t ON t.id = ts.task_id AND NOT t.is_deleted
			JOIN courses c ON c.id = t.course_id
			WHERE r.recipient_id = ${me} AND r.kind = 'ungraded'
			ORDER BY event_at
			LIMIT 50`.execute(db)
		return c.json({
			reminders: rows.map((row) => ({
				kind: row.kind.startsWith('session')
					? 'session'
					: row.kind === 'task_due'
						? 'task'
						: 'grading',
				title: row.title,
				courseTitle: row.course_title,
				at: new Date(row.event_at).toISOString(),
				taskId: row.task_id,
			})),
		})
	})
}

/**
 * `POST /__test/reminders/sweep` (API_TEST_HOOKS=1 only): a sweep as if the clock said `at`;
 * answers how many reminders it gave and to whom it mailed them.
 */
export function reminderTestHookRoutes(deps: ApiDeps) {
	return new Hono<ApiEnv>().post('/reminders/sweep', async (c) => {
		const { at } = await readJsonBody(c, body({ at: z.iso.datetime({ offset: true }) }))
		const { given, mailedTo } = await sweepReminders(deps, new Date(at), { waitForLock: true })
		return c.json({ given, mailed: mailedTo.length, mailedTo })
	})
}
