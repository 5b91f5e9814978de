import { sql } from 'kysely'
import type { Db } from '../db.ts'

export type ReminderRow = {
	kind: string
	subject_id: string
	event_at: Date
	title: string
	course_title: string
	task_id: string | null
}

/**
 * The reminders given to an account that still stand (decision 038): sessions not yet started nor
 * cancelled since (one line per session), tasks not yet due nor submitted since, submissions not
 * yet graded; the 50 soonest.
 */
export async function standingReminders(db: Db, me: string): Promise<ReminderRow[]> {
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
	return rows
}
