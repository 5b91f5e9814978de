import type { Db } from '../db.ts'
import { authenticate } from '../platform/access-tokens.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import type { AuthorType } from '../schema.ts'
import { findUser } from '../users/repository.ts'
import {
	findCourse,
	findCourseStaff,
	findOrganizationName,
	findStudent,
	findUserName,
	isEnrolled,
	type CourseStaff,
} from './repository.ts'

export const COURSE_NOT_FOUND = 'Course not found'
export const STUDENT_NOT_FOUND = 'Student not found'

/** A call on a course the caller must run: its refusals (decision 059). */
export const OWN_COURSE_REFUSALS = {
	403: MESSAGES.forbidden,
	404: COURSE_NOT_FOUND,
} as const satisfies Refusals

const BEARER = /^Bearer\s+(\S+)\s*$/i

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

/** The course with its details and counts, which the caller must run (as courseRunBy). */
export async function ownCourse(db: Db, account: Account, id: string) {
	const course = await findCourse(db, id)
	if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
	if (!runsCourse(account, course)) throw new ApiError(403, MESSAGES.forbidden)
	return course
}

/**
 * The caller of a call where a bearer token is optional (an `Authorization` header's value, or
 * none): one that is sent must be valid (the client refreshes on 403).
 */
export async function optionalAccount(
	deps: Pick<ApiDeps, 'db' | 'config'>,
	header: string | undefined,
): Promise<Account | null> {
	if (!header) return null
	const token = BEARER.exec(header)?.[1]
	const account = token ? await authenticate(token, deps) : null
	if (!account) throw new ApiError(403, MESSAGES.tokenMissing)
	return account
}

/**
 * A course as `viewer` may see it (null: anyone), and whether they are enrolled in it. An
 * unpublished course is not acknowledged (404) to anyone but its staff and its students.
 */
export async function visibleCourse(db: Db, viewer: Account | null, id: string) {
	const course = await findCourse(db, id)
	if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
	const enrolled = viewer?.role === 'student' ? await isEnrolled(db, id, viewer.id) : false
	const visible = course.is_published || enrolled || (viewer !== null && runsCourse(viewer, course))
	if (!visible) throw new ApiError(404, COURSE_NOT_FOUND)
	return { course, enrolled }
}

/** One student of a course's class list: 404 when that id is no student enrolled in it. */
export async function classListStudent(db: Db, courseId: string, studentId: string) {
	const student = await findUser(db, studentId)
	if (!student || student.role !== 'student' || !(await isEnrolled(db, courseId, studentId))) {
		throw new ApiError(404, STUDENT_NOT_FOUND)
	}
	return student
}

/** The enrolled student of a course the caller runs: 404 unknown student, 400 not enrolled. */
export async function enrolledStudent(db: Db, courseId: string, studentId: string) {
	const student = await findStudent(db, studentId)
	if (!student) throw new ApiError(404, STUDENT_NOT_FOUND)
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
