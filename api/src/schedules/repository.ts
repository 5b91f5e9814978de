import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { Db } from '../db.ts'
import type { Page } from '../platform/pagination.ts'
import type { AttendanceStatus, Database, SchedulesTable } from '../schema.ts'

type Filters = {
	courseId?: string
	status?: 'Scheduled' | 'Completed' | 'Cancelled'
	from?: Date
	to?: Date
	order: 'asc' | 'desc'
}

/** Whose sessions a caller sees: a tutor theirs, a student their courses', an organization its courses'. */
export type Viewer = { role: 'tutor' | 'student' | 'organization'; id: string }

type Eb = ExpressionBuilder<Database, 'schedules' | 'courses'>

const SCHEDULE_COLUMNS = [
	'schedules.id',
	'schedules.course_id',
	'schedules.tutor_id',
	'schedules.title',
	'schedules.description',
	'schedules.scheduled_date',
	'schedules.start_time',
	'schedules.duration',
	'schedules.time_zone',
	'schedules.starts_at',
	'schedules.ends_at',
	'schedules.status',
	'schedules.room_id',
	'schedules.created_at',
	'schedules.updated_at',
	'schedules.sequence',
	'courses.title as course_title',
	'courses.organization_id as course_organization_id',
] as const

function visibleTo(viewer: Viewer) {
	return (eb: Eb): Expression<SqlBool> => {
		switch (viewer.role) {
			case 'tutor':
				return eb('schedules.tutor_id', '=', viewer.id)
			case 'organization':
				return eb('courses.organization_id', '=', viewer.id)
			case 'student':
				return eb.exists(
					eb
						.selectFrom('enrollments')
						.select('enrollments.course_id')
						.whereRef('enrollments.course_id', '=', 'schedules.course_id')
						.where('enrollments.student_id', '=', viewer.id),
				)
		}
	}
}

/** Completed is read, not stored: a session that is not cancelled and whose end has passed. */
function matchesFilters(filters: Filters, now: Date) {
	return (eb: Eb): Expression<SqlBool> => {
		const conditions: Expression<SqlBool>[] = []
		if (filters.courseId) conditions.push(eb('schedules.course_id', '=', filters.courseId))
		if (filters.from) conditions.push(eb('schedules.starts_at', '>=', filters.from))
		if (filters.to) conditions.push(eb('schedules.starts_at', '<', filters.to))
		if (filters.status === 'Cancelled') conditions.push(eb('schedules.status', '=', 'Cancelled'))
		if (filters.status === 'Completed') {
			conditions.push(eb('schedules.status', '=', 'Scheduled'), eb('schedules.ends_at', '<=', now))
		}
		if (filters.status === 'Scheduled') {
			conditions.push(eb('schedules.status', '=', 'Scheduled'), eb('schedules.ends_at', '>', now))
		}
		return eb.and(conditions)
	}
}

function selectSchedules(db: Db, viewer: Viewer) {
	return db
		.selectFrom('schedules')
		.innerJoin('courses', 'courses.id', 'schedules.course_id')
		.select(SCHEDULE_COLUMNS)
		.select((eb) =>
			(viewer.role === 'student'
				? eb
						.selectFrom('schedule_attendance')
						.select('schedule_attendance.attendance_status')
						.whereRef('schedule_attendance.schedule_id', '=', 'schedules.id')
						.where('schedule_attendance.student_id', '=', viewer.id)
				: sql<null>`null`
			).as('own_attendance'),
		)
}

export type ScheduleRow = Awaited<ReturnType<typeof findSchedule>> & {}

export async function listSchedules(
	db: Db,
	viewer: Viewer,
	filters: Filters,
	page: Page,
	now = new Date(),
) {
	const where = (eb: Eb) => eb.and([visibleTo(viewer)(eb), matchesFilters(filters, now)(eb)])
	const [rows, count] = await Promise.all([
		selectSchedules(db, viewer)
			.where(where)
			.orderBy('schedules.starts_at', filters.order)
			.orderBy('schedules.id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		db
			.selectFrom('schedules')
			.innerJoin('courses', 'courses.id', 'schedules.course_id')
			.select([
				sql<number>`count(*)::int`.as('total'),
				// Spec section 4: the day and week counts and hours leave cancelled sessions out.
				sql<number>`count(*) FILTER (WHERE schedules.status <> 'Cancelled')::int`.as('sessions'),
				sql<number>`coalesce(sum(schedules.duration) FILTER (WHERE schedules.status <> 'Cancelled'), 0)::int`.as(
					'minutes',
				),
			])
			.where(where)
			.executeTakeFirstOrThrow(),
	])
	return {
		rows,
		total: Number(count.total),
		totals: { sessions: Number(count.sessions), minutes: Number(count.minutes) },
	}
}

/**
 * The first `limit` sessions `viewer` sees that match `filters`, in the filters' order (then by
 * id), with no columns chosen yet: a part of a calendar feed, read through the index on the
 * teacher's (or course's) sessions by start time, stopping at `limit` (issue 28).
 */
const firstSchedules = (db: Db, viewer: Viewer, filters: Filters, limit: number, now: Date) =>
	db
		.selectFrom('schedules')
		.innerJoin('courses', 'courses.id', 'schedules.course_id')
		.where((eb) => eb.and([visibleTo(viewer)(eb), matchesFilters(filters, now)(eb)]))
		.orderBy('schedules.starts_at', filters.order)
		.orderBy('schedules.id')
		.limit(limit)

/**
 * A fingerprint of the sessions `feedSessions` answers with these filters and limit (their ids,
 * changes, status and course titles), read without reading the sessions: a calendar feed's ETag
 * (issue 28). Any change, addition or removal changes it.
 */
export async function schedulesFingerprint(
	db: Db,
	viewer: Viewer,
	filters: Filters,
	limit: number,
	now = new Date(),
) {
	const sessions = firstSchedules(db, viewer, filters, limit, now).select(
		sql<string>`concat_ws('|', schedules.id, schedules.updated_at, schedules.sequence, schedules.status, courses.title)`.as(
			'line',
		),
	)
	const row = await db
		.selectFrom(sessions.as('s'))
		.select([
			sql<number>`count(*)::int`.as('count'),
			sql<string>`coalesce(sum(hashtextextended(s.line, 0)), 0)::text`.as('hash'),
		])
		.executeTakeFirstOrThrow()
	return `${row.count}-${row.hash}`
}

/**
 * The sessions of a calendar feed's part: only what an event is written from, and no count of
 * all that match (at ×100 that count alone read 18,000 rows for a part of 500).
 */
export const feedSessions = (
	db: Db,
	viewer: Viewer,
	filters: Filters,
	limit: number,
	now = new Date(),
) =>
	firstSchedules(db, viewer, filters, limit, now)
		.select([
			'schedules.id',
			'schedules.title',
			'schedules.description',
			'schedules.time_zone',
			'schedules.starts_at',
			'schedules.ends_at',
			'schedules.status',
			'schedules.created_at',
			'schedules.updated_at',
			'schedules.sequence',
			'courses.title as course_title',
		])
		.execute()

export type FeedSession = Awaited<ReturnType<typeof feedSessions>>[number]

/** One session as `viewer` reads it; whether they may see it at all is the caller's check. */
export const findSchedule = (db: Db, id: string, viewer: Viewer) =>
	selectSchedules(db, viewer).where('schedules.id', '=', id).executeTakeFirst()

export type ScheduleTimes = Pick<
	SchedulesTable,
	'scheduled_date' | 'start_time' | 'duration' | 'time_zone' | 'starts_at' | 'ends_at'
>

export type NewSchedule = ScheduleTimes & {
	course_id: string
	tutor_id: string
	title: string
	description: string | null
}

/** Each session gets its own live classroom, owned by its teacher, for the schedule to link to. */
export async function openClassroom(
	db: Db,
	session: { course_id: string; tutor_id: string; title: string },
) {
	const { id } = await db
		.insertInto('rooms')
		.values({
			course_id: session.course_id,
			owner_id: session.tutor_id,
			kind: 'classroom',
			title: session.title,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return id
}

export function insertSchedule(db: Db, values: NewSchedule) {
	return db.transaction().execute(async (trx) => {
		const room_id = await openClassroom(trx, values)
		const { id } = await trx
			.insertInto('schedules')
			.values({ ...values, room_id })
			.returning('id')
			.executeTakeFirstOrThrow()
		return id
	})
}

export type ScheduleChanges = Partial<NewSchedule>

/** Changes a session that is not cancelled; a cancel that got there first leaves it unchanged. */
export const updateSchedule = (db: Db, id: string, changes: ScheduleChanges) =>
	db
		.updateTable('schedules')
		.set({ ...changes, updated_at: sql<Date>`now()`, sequence: sql<number>`sequence + 1` })
		.where('id', '=', id)
		.where('status', '<>', 'Cancelled')
		.executeTakeFirst()

export const cancelSchedule = (db: Db, id: string) =>
	db
		.updateTable('schedules')
		.set({
			status: 'Cancelled',
			cancelled_at: sql<Date>`now()`,
			updated_at: sql<Date>`now()`,
			sequence: sql<number>`sequence + 1`,
		})
		.where('id', '=', id)
		.where('status', '=', 'Scheduled')
		.executeTakeFirst()

export const deleteSchedule = (db: Db, id: string) =>
	db.deleteFrom('schedules').where('id', '=', id).executeTakeFirst()

/** The course's enrolled students, each with their status for the session (null until taken). */
export const attendanceRoster = (db: Db, scheduleId: string, courseId: string) =>
	db
		.selectFrom('enrollments')
		.innerJoin('users', 'users.id', 'enrollments.student_id')
		.leftJoin('schedule_attendance', (join) =>
			join
				.onRef('schedule_attendance.student_id', '=', 'users.id')
				.on('schedule_attendance.schedule_id', '=', scheduleId),
		)
		.select([
			'users.id',
			'users.first_name',
			'users.last_name',
			'users.email',
			'schedule_attendance.attendance_status',
			'schedule_attendance.recorded_at',
		])
		.where('enrollments.course_id', '=', courseId)
		.orderBy('users.last_name')
		.orderBy('users.first_name')
		.orderBy('users.id')
		.execute()

export const recordAttendance = (
	db: Db,
	record: {
		scheduleId: string
		studentId: string
		status: AttendanceStatus
		recordedBy: string
	},
) =>
	db
		.insertInto('schedule_attendance')
		.values({
			schedule_id: record.scheduleId,
			student_id: record.studentId,
			attendance_status: record.status,
			recorded_by: record.recordedBy,
		})
		.onConflict((conflict) =>
			conflict.columns(['schedule_id', 'student_id']).doUpdateSet({
				attendance_status: record.status,
				recorded_by: record.recordedBy,
				recorded_at: sql<Date>`now()`,
			}),
		)
		.returning(['schedule_id', 'student_id', 'attendance_status', 'recorded_at'])
		.executeTakeFirstOrThrow()

/**
 * A register's statuses in one statement, in student order (two saves of one session lock their
 * common rows in one order); recording again corrects a status, as the one-student call does.
 */
export const recordRegister = (
	db: Db,
	register: {
		scheduleId: string
		records: readonly { studentId: string; status: AttendanceStatus }[]
		recordedBy: string
	},
) =>
	db
		.insertInto('schedule_attendance')
		.values(
			[...register.records]
				.sort((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0))
				.map((record) => ({
					schedule_id: register.scheduleId,
					student_id: record.studentId,
					attendance_status: record.status,
					recorded_by: register.recordedBy,
				})),
		)
		.onConflict((conflict) =>
			conflict.columns(['schedule_id', 'student_id']).doUpdateSet((eb) => ({
				attendance_status: eb.ref('excluded.attendance_status'),
				recorded_by: eb.ref('excluded.recorded_by'),
				recorded_at: sql<Date>`now()`,
			})),
		)
		.returning(['schedule_id', 'student_id', 'attendance_status', 'recorded_at'])
		.execute()
