import { findCourseStaff, isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES, refusalCode } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import { findSchedule, type ScheduleRow, type Viewer } from './repository.ts'

// A schedule's access rules (moved from schedules/routes.ts, decision 060).

export const NOT_FOUND = 'Schedule not found'

export const viewerOf = (account: Account): Viewer => ({ role: account.role, id: account.id })

export async function ownCourse(db: Db, account: Account, courseId: string) {
	const course = await findCourseStaff(db, courseId)
	if (!course) throw new ApiError(404, 'Course not found')
	if (course.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return course
}

export async function maySee(db: Db, account: Account, row: ScheduleRow) {
	switch (account.role) {
		case 'tutor':
			return row.tutor_id === account.id
		case 'organization':
			return row.course_organization_id === account.id
		case 'student':
			return isEnrolled(db, row.course_id, account.id)
	}
}

export const CANCELLED_NOT_EDITABLE = 'A cancelled session cannot be edited'

/** A call on one of the teacher's own sessions: its refusals (decision 059). */
export const OWN_SCHEDULE_REFUSALS = {
	403: MESSAGES.forbidden,
	404: NOT_FOUND,
} as const satisfies Refusals

export async function ownSchedule(db: Db, account: Account, id: string) {
	const row = await findSchedule(db, id, viewerOf(account))
	if (!row) throw new ApiError(404, NOT_FOUND)
	if (row.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return row
}

export const CANCELLED_NO_ATTENDANCE = 'Attendance cannot be recorded for a cancelled session'
export const NOT_ENROLLED = 'This student is not enrolled in the course'
// Refusals a client tells apart by their code (decision 072).
refusalCode(CANCELLED_NOT_EDITABLE, 'session_cancelled')
refusalCode(CANCELLED_NO_ATTENDANCE, 'session_cancelled')
refusalCode(NOT_ENROLLED, 'not_enrolled')

/**
 * A call that records attendance at one of the teacher's own sessions, one student's or the
 * whole register's: its refusals but the 400's, whose path names the entry.
 */
export const ATTENDANCE_REFUSALS = {
	...OWN_SCHEDULE_REFUSALS,
	409: CANCELLED_NO_ATTENDANCE,
} as const satisfies Refusals

/** One of the teacher's own sessions whose attendance may be taken: not a cancelled one. */
export async function registerOf(db: Db, account: Account, id: string) {
	const row = await ownSchedule(db, account, id)
	if (row.status === 'Cancelled') throw new ApiError(409, CANCELLED_NO_ATTENDANCE)
	return row
}
