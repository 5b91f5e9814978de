import type { Db } from '../db.ts'
import { findDemoCourse } from '../courses/seed.ts'
import { zonedInstant } from '../platform/time.ts'
import { openClassroom } from './repository.ts'

const ZONE = 'America/New_York'

// Days from today, start time in the teacher's zone, minutes, and whether it was cancelled.
const DEMO_SESSIONS = [
	{ day: -2, time: '16:00', duration: 60, title: 'Linear equations warm-up' },
	{ day: 0, time: '18:00', duration: 90, title: 'Solving two-step equations' },
	{ day: 1, time: '16:30', duration: 60, title: 'Graphing lines' },
	{ day: 3, time: '17:00', duration: 45, title: 'Slope and intercept quiz', cancelled: true },
	{ day: 7, time: '16:00', duration: 60, title: 'Systems of equations' },
	{ day: 9, time: '16:30', duration: 90, title: 'Inequalities workshop' },
] as const

function addDays(date: string, days: number) {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * A few sessions of the demo course around the day of the first start (this week and next), one
 * of them cancelled and the past one with the demo student's attendance. Runs once: a course that
 * has sessions is left alone.
 */
export async function seedDemoSchedules(db: Db, now = new Date()): Promise<void> {
	const course = await findDemoCourse(db)
	if (!course?.tutor_id) return
	const existing = await db
		.selectFrom('schedules')
		.select('id')
		.where('course_id', '=', course.id)
		.executeTakeFirst()
	if (existing) return
	const student = await db
		.selectFrom('users')
		.select('id')
		.where('email', '=', 'student@example.com')
		.executeTakeFirst()
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now)
	const teacherId = course.tutor_id

	await db.transaction().execute(async (trx) => {
		for (const session of DEMO_SESSIONS) {
			const date = addDays(today, session.day)
			const start = zonedInstant(date, session.time, ZONE)
			if (start === null) continue
			const room_id = await openClassroom(trx, {
				course_id: course.id,
				tutor_id: teacherId,
				title: session.title,
			})
			const { id } = await trx
				.insertInto('schedules')
				.values({
					room_id,
					course_id: course.id,
					tutor_id: teacherId,
					title: session.title,
					description: null,
					scheduled_date: date,
					start_time: session.time,
					duration: session.duration,
					time_zone: ZONE,
					starts_at: new Date(start),
					ends_at: new Date(start + session.duration * 60_000),
					status: 'cancelled' in session ? 'Cancelled' : 'Scheduled',
					cancelled_at: 'cancelled' in session ? now : null,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			if (session.day < 0 && student) {
				await trx
					.insertInto('schedule_attendance')
					.values({
						schedule_id: id,
						student_id: student.id,
						attendance_status: 'Present',
						recorded_by: teacherId,
					})
					.execute()
			}
		}
	})
}
