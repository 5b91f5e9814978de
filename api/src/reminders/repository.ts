import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { ReminderKind } from '../schema.ts'

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

// The sweep (sweep.ts): what is due, and each reminder claimed once.

const recipientColumns = [
	'u.id',
	'u.email',
	'u.first_name',
	'u.notification_preferences',
	'u.time_zone',
	// The language the person reads: their own, else their organization's default (decision 064).
	sql<
		string | null
	>`coalesce(u.locale, (SELECT o.default_locale FROM organizations o WHERE o.id = u.organization_id))`.as(
		'locale',
	),
] as const

/**
 * Students' sessions starting after `now` and by `dayAhead`, not reminded of yet: a session by
 * `hourAhead` counts as the hour's reminder, a later one as the day's.
 */
export function findUpcomingSessions(
	db: Db,
	now: Date,
	{ hourAhead, dayAhead }: { hourAhead: Date; dayAhead: Date },
) {
	return (
		db
			.selectFrom('schedules as s')
			.innerJoin('courses as c', 'c.id', 's.course_id')
			.innerJoin('enrollments as e', 'e.course_id', 's.course_id')
			.innerJoin('users as u', 'u.id', 'e.student_id')
			.select(['s.id as session_id', 's.title', 's.starts_at', 's.time_zone as session_zone'])
			.select('c.title as course_title')
			.select(recipientColumns)
			.where('s.status', '=', 'Scheduled')
			.where('s.cancelled_at', 'is', null)
			.where('s.starts_at', '>', now)
			.where('s.starts_at', '<=', dayAhead)
			// Given already: left out here, so a sweep's work is what is new (the key below decides).
			.where(
				sql<boolean>`NOT EXISTS (SELECT 1 FROM reminders r WHERE r.subject_id = s.id
				AND r.recipient_id = u.id AND r.event_at = s.starts_at
				AND r.kind = CASE WHEN s.starts_at <= ${hourAhead}
					THEN 'session_hour' ELSE 'session_day' END)`,
			)
			.execute()
	)
}

/** Students' tasks due after `now` and by `dayAhead`, neither submitted nor reminded of yet. */
export function findTasksDueUnsubmitted(db: Db, now: Date, dayAhead: Date) {
	return db
		.selectFrom('tasks as t')
		.innerJoin('courses as c', 'c.id', 't.course_id')
		.innerJoin('enrollments as e', 'e.course_id', 't.course_id')
		.innerJoin('users as u', 'u.id', 'e.student_id')
		.select(['t.id as task_id', 't.title', 't.due_date', 'c.title as course_title'])
		.select(recipientColumns)
		.where('t.is_deleted', '=', false)
		.where('t.due_date', '>', now)
		.where('t.due_date', '<=', dayAhead)
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom('task_submissions as ts')
						.select('ts.id')
						.whereRef('ts.task_id', '=', 't.id')
						.whereRef('ts.student_id', '=', 'u.id'),
				),
			),
		)
		.where(
			sql<boolean>`NOT EXISTS (SELECT 1 FROM reminders r WHERE r.kind = 'task_due'
				AND r.subject_id = t.id AND r.recipient_id = u.id AND r.event_at = t.due_date)`,
		)
		.execute()
}

/** Submissions ungraded since before `submittedBefore`, their teacher not reminded yet. */
export function findUngradedSubmissions(db: Db, submittedBefore: Date) {
	return db
		.selectFrom('task_submissions as ts')
		.innerJoin('tasks as t', 't.id', 'ts.task_id')
		.innerJoin('courses as c', 'c.id', 't.course_id')
		.innerJoin('users as u', 'u.id', 'c.tutor_id')
		.select(['ts.id as submission_id', 'ts.submitted_at', 't.id as task_id', 't.title'])
		.select('c.title as course_title')
		.select(recipientColumns)
		.where('t.is_deleted', '=', false)
		.where('ts.grade', 'is', null)
		.where('ts.submitted_at', '<=', submittedBefore)
		.where(
			sql<boolean>`NOT EXISTS (SELECT 1 FROM reminders r WHERE r.kind = 'ungraded' AND r.subject_id = ts.id)`,
		)
		.execute()
}

/**
 * The sweep's transaction-scoped advisory lock: waits for it (`wait`) or answers false at once
 * when another process holds it.
 */
export async function takeSweepLock(db: Db, lockId: number, wait: boolean) {
	const lock = wait
		? sql<{ locked: boolean }>`SELECT true AS locked FROM pg_advisory_xact_lock(${lockId})`
		: sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lockId}) AS locked`
	const { rows } = await lock.execute(db)
	return rows[0]?.locked === true
}

/** Records reminders given; answers those not recorded before (the others were given already). */
export const claimReminders = (
	db: Db,
	reminders: { kind: ReminderKind; subject_id: string; recipient_id: string; event_at: Date }[],
) =>
	db
		.insertInto('reminders')
		.values(reminders)
		.onConflict((conflict) => conflict.doNothing())
		.returning(['kind', 'subject_id', 'recipient_id', 'event_at'])
		.execute()
