import type { z } from 'zod'
import type { AttendanceStatus } from '../schema.ts'
import type { ScheduleRow } from './repository.ts'
import type { schedule } from './schemas.ts'

/**
 * The README's Schedule. `status` is read at `now`: a session that is not cancelled and whose end
 * has passed is Completed.
 */
export function toSchedule(row: ScheduleRow, now = new Date()): z.input<typeof schedule> {
	const status: z.input<typeof schedule>['status'] =
		row.status === 'Cancelled' ? 'Cancelled' : row.ends_at <= now ? 'Completed' : 'Scheduled'
	return {
		id: row.id,
		courseId: row.course_id,
		courseTitle: row.course_title,
		tutorId: row.tutor_id,
		title: row.title,
		description: row.description,
		scheduledDate: row.scheduled_date,
		startTime: row.start_time,
		duration: row.duration,
		timeZone: row.time_zone,
		startsAt: row.starts_at.toISOString(),
		endsAt: row.ends_at.toISOString(),
		status,
		roomId: row.room_id,
		// A scalar subquery: the value itself, though Kysely types it as the row it selects.
		attendanceStatus: (row.own_attendance as AttendanceStatus | null) ?? null,
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}
