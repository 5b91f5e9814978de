import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { phrase } from '../platform/i18n.ts'
import { COURSE_NOT_FOUND } from './access.ts'
import type { CourseRow } from './present.ts'
import { countEnrolled, deleteCourse, insertCourse, updateCourse } from './repository.ts'
import type { CourseInput, CourseUpdate } from './schemas.ts'

// A course's owner creates, changes and deletes it (moved from courses/routes.ts, decision 060).

export const HAS_STUDENTS =
	'A course with enrolled students cannot be deleted; unpublish it instead'

/**
 * A tutor's course is theirs, filed under their organization; an organization's is filed under it
 * with no tutor.
 */
export function createCourse(db: Db, account: Account, input: CourseInput) {
	const owner =
		account.role === 'tutor'
			? { tutorId: account.id, organizationId: account.orgId }
			: { tutorId: null, organizationId: account.id }
	return insertCourse(db, input, owner)
}

/** Changes the course's fields; its seats never drop below the students already enrolled. */
export async function changeCourse(db: Db, course: CourseRow, input: CourseUpdate) {
	if (input.maxStudents != null) {
		const enrolled = await countEnrolled(db, course.id)
		if (input.maxStudents < enrolled) {
			throw new ApiError(400, MESSAGES.validation, [
				{
					path: 'maxStudents',
					msg: phrase('Max students cannot be below the {enrolled} already enrolled', { enrolled }),
				},
			])
		}
	}
	const updated = await updateCourse(db, course.id, input)
	if (!updated) throw new ApiError(404, COURSE_NOT_FOUND)
	return updated
}

/** Deletes a course nobody is enrolled in (409 otherwise: unpublish it instead). */
export async function removeCourse(db: Db, course: CourseRow) {
	if ((await countEnrolled(db, course.id)) > 0) throw new ApiError(409, HAS_STUDENTS)
	await deleteCourse(db, course.id)
}
