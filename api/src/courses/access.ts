import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { AuthorType } from '../schema.ts'
import {
	findCourseStaff,
	findOrganizationName,
	findStudent,
	findUserName,
	isEnrolled,
	type CourseStaff,
} from './repository.ts'

export const COURSE_NOT_FOUND = 'Course not found'

/** A course's staff: its tutor, and the organization it belongs to. */
export const runsCourse = (
	account: Account,
	course: Pick<CourseStaff, 'tutor_id' | 'organization_id'>,
) =>
	(account.role === 'tutor' && course.tutor_id === account.id) ||
	(account.role === 'organization' && course.organization_id === account.id)

/** The course, which the caller must run: 404 when unknown, 403 when someone else's. */
export async function courseRunBy(db: Db, account: Account, courseId: string) {
	const course = await findCourseStaff(db, courseId)
	if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
	if (!runsCourse(account, course)) throw new ApiError(403, MESSAGES.forbidden)
	return course
}

/** The enrolled student of a course the caller runs: 404 unknown student, 400 not enrolled. */
export async function enrolledStudent(db: Db, courseId: string, studentId: string) {
	const student = await findStudent(db, studentId)
	if (!student) throw new ApiError(404, 'Student not found')
	if (!(await isEnrolled(db, courseId, studentId))) {
		throw new ApiError(400, MESSAGES.validation, [
			{ path: 'studentId', msg: 'The student is not enrolled in this course' },
		])
	}
	return student
}

/** The name shown as a staff author: the tutor's full name or the organization's name. */
export async function staffName(
	db: Db,
	account: Account,
): Promise<{ type: AuthorType; name: string }> {
	if (account.role === 'organization') {
		const row = await findOrganizationName(db, account.id)
		if (!row) throw new ApiError(403, MESSAGES.forbidden)
		return { type: 'organization', name: row.name }
	}
	const row = await findUserName(db, account.id)
	if (!row || account.role !== 'tutor') throw new ApiError(403, MESSAGES.forbidden)
	return { type: 'tutor', name: `${row.first_name} ${row.last_name}` }
}
