import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { AuthorType } from '../schema.ts'

export type CourseStaff = {
	id: string
	title: string
	tutor_id: string | null
	organization_id: string | null
}

/** A course's id, title and who runs it. */
export const findCourseStaff = (db: Db, id: string): Promise<CourseStaff | undefined> =>
	db
		.selectFrom('courses')
		.select(['id', 'title', 'tutor_id', 'organization_id'])
		.where('id', '=', id)
		.executeTakeFirst()

/** The courses the caller runs (a tutor's own, an organization's), by title: the pickers' lists. */
export const coursesRunBy = (db: Db, account: Account) =>
	db
		.selectFrom('courses')
		.select(['id', 'title'])
		.where(account.role === 'organization' ? 'organization_id' : 'tutor_id', '=', account.id)
		.orderBy('title')
		.orderBy('id')
		.execute()

/** A course's staff: its tutor, and the organization it belongs to. */
export const runsCourse = (account: Account, course: CourseStaff) =>
	(account.role === 'tutor' && course.tutor_id === account.id) ||
	(account.role === 'organization' && course.organization_id === account.id)

/** The course, which the caller must run: 404 when unknown, 403 when someone else's. */
export async function courseRunBy(db: Db, account: Account, courseId: string) {
	const course = await findCourseStaff(db, courseId)
	if (!course) throw new ApiError(404, 'Course not found')
	if (!runsCourse(account, course)) throw new ApiError(403, MESSAGES.forbidden)
	return course
}

export async function isEnrolled(db: Db, courseId: string, studentId: string) {
	const row = await db
		.selectFrom('enrollments')
		.select('course_id')
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.executeTakeFirst()
	return row !== undefined
}

export const findStudent = (db: Db, id: string) =>
	db
		.selectFrom('users')
		.select(['id', 'email', 'first_name', 'last_name', 'organization_id'])
		.where('id', '=', id)
		.where('role', '=', 'student')
		.executeTakeFirst()

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
		const row = await db
			.selectFrom('organizations')
			.select('name')
			.where('id', '=', account.id)
			.executeTakeFirst()
		if (!row) throw new ApiError(403, MESSAGES.forbidden)
		return { type: 'organization', name: row.name }
	}
	const row = await db
		.selectFrom('users')
		.select(['first_name', 'last_name'])
		.where('id', '=', account.id)
		.executeTakeFirst()
	if (!row || account.role !== 'tutor') throw new ApiError(403, MESSAGES.forbidden)
	return { type: 'tutor', name: `${row.first_name} ${row.last_name}` }
}
