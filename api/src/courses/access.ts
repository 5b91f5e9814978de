import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db.ts'
import type { Account, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers } from '../platform/openapi.ts'
import { containsPattern, searchText } from '../platform/search.ts'
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

/** A picker call's `search` and `limit` query parameters. */
export const courseMenuQuery = z.object({
	search: searchText,
	limit: z
		.string()
		.regex(/^\d{1,3}$/, 'Limit must be a whole number from 1 to 100')
		.transform(Number)
		.refine((value) => value >= 1 && value <= 100, 'Limit must be a whole number from 1 to 100')
		.optional(),
})

export type CourseMenu = { search?: string; limit?: number }

/** `coursesRunBy`'s answer: a picker's first courses and how many match. */
export const courseMenuAnswer = z.object({
	courses: z.array(z.object({ id: z.string(), title: z.string() })),
	total: z.number().int(),
})

/** `GET /tasks/courses`, `GET /schedule/courses`: the picker of the courses a tutor runs. */
export const courseMenuRoute = (middleware: MiddlewareHandler<ApiEnv>) =>
	({
		method: 'get',
		path: '/courses',
		summary: 'The courses the caller runs, for a picker',
		middleware,
		request: { query: courseMenuQuery },
		responses: answers({ 200: courseMenuAnswer }),
	}) as const

/**
 * The courses the caller runs (a tutor's own, an organization's), by title: the pickers' lists.
 * `?search=` keeps those whose title holds it, `?limit=` the first of them; `total` is how many
 * match, so a form shows a short menu and says how many more a search would find (issue 28).
 * Without either, every course, as the calls always answered.
 */
export async function coursesRunBy(db: Db, account: Account, { search, limit }: CourseMenu = {}) {
	let runBy = db
		.selectFrom('courses')
		.where(account.role === 'organization' ? 'organization_id' : 'tutor_id', '=', account.id)
	if (search) runBy = runBy.where('title', 'ilike', containsPattern(search))
	const [courses, count] = await Promise.all([
		runBy
			.select(['id', 'title'])
			.orderBy('title')
			.orderBy('id')
			.$if(limit !== undefined, (query) => query.limit(limit!))
			.execute(),
		runBy.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
	])
	return { courses, total: Number(count.total) }
}

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
