import { findCourseStaff, isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
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

export async function ownSchedule(db: Db, account: Account, id: string) {
	const row = await findSchedule(db, id, viewerOf(account))
	if (!row) throw new ApiError(404, NOT_FOUND)
	if (row.tutor_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return row
}
