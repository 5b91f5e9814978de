import { z } from 'zod'

// A session of a course's schedule as the contract states it (decision 048).

export const SCHEDULE_STATUSES = ['Scheduled', 'Completed', 'Cancelled'] as const
export const ATTENDANCE_STATUSES = ['Present', 'Absent', 'Late', 'Excused'] as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]

/**
 * The README's Schedule, field by field. The API states the instants' format (`isoDateTime`) and
 * adds its timestamps; the app reads the number and the statuses more loosely, overriding those
 * fields by name (a key keeps its place, so the document's order is unchanged).
 */
export const scheduleFields = {
	id: z.string(),
	courseId: z.string(),
	courseTitle: z.string(),
	tutorId: z.string(),
	title: z.string(),
	description: z.string().nullable(),
	scheduledDate: z.string(),
	startTime: z.string(),
	duration: z.number().int(),
	timeZone: z.string(),
	startsAt: z.string(),
	endsAt: z.string(),
	status: z.enum(SCHEDULE_STATUSES),
	roomId: z.string().nullable(),
	attendanceStatus: z.enum(ATTENDANCE_STATUSES).nullable(),
}
