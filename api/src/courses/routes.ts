import { Hono, type Context } from 'hono'
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../db.ts'
import { authenticate } from '../platform/access-tokens.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage, type Page } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import type { Database } from '../schema.ts'
import { toUser } from '../users/present.ts'
import { findUser, listCourseStudents } from '../users/repository.ts'
import { isEnrolled } from './access.ts'
import { toCourse, type CourseRow } from './present.ts'
import {
	countEnrolled,
	deleteCourse,
	findCourse,
	insertCourse,
	listCourses,
	listEnrolledCourses,
	updateCourse,
} from './repository.ts'
import { courseCreate, courseFilters, courseUpdate } from './schemas.ts'

export const COURSE_NOT_FOUND = 'Course not found'
const STUDENT_NOT_FOUND = 'Student not found'
const HAS_STUDENTS = 'A course with enrolled students cannot be deleted; unpublish it instead'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** Tutors own the courses they teach; an organization owns the courses filed under it. */
export function ownsCourse(
	account: Account,
	course: Pick<CourseRow, 'tutor_id' | 'organization_id'>,
) {
	if (account.role === 'tutor') return course.tutor_id === account.id
	if (account.role === 'organization') return course.organization_id === account.id
	return false
}

const published = (eb: ExpressionBuilder<Database, 'courses'>) =>
	eb.and([eb('courses.is_published', '=', true)])

/** Published courses, and the caller's own unpublished ones. */
const visibleTo = (account: Account) => (eb: ExpressionBuilder<Database, 'courses'>) => {
	if (account.role === 'tutor') {
		return eb.and([
			eb.or([eb('courses.is_published', '=', true), eb('courses.tutor_id', '=', account.id)]),
		])
	}
	if (account.role === 'organization') {
		return eb.and([
			eb.or([
				eb('courses.is_published', '=', true),
				eb('courses.organization_id', '=', account.id),
			]),
		])
	}
	return published(eb)
}

const pageOf = (rows: CourseRow[], total: number, page: Page) => ({
	courses: rows.map(toCourse),
	pagination: {
		total,
		page: page.page,
		currentPage: page.page,
		limit: page.limit,
		totalPages: Math.max(1, Math.ceil(total / page.limit)),
	},
})

export function courseRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	/** A bearer token is optional here, but one that is sent must be valid (the client refreshes on 403). */
	async function optionalAccount(c: Context<ApiEnv>): Promise<Account | null> {
		const header = c.req.header('authorization')
		if (!header) return null
		const token = BEARER.exec(header)?.[1]
		const account = token ? await authenticate(token, { db, config }) : null
		if (!account) throw new ApiError(403, MESSAGES.tokenMissing)
		return account
	}

	async function ownedCourse(db: Db, c: Context<ApiEnv>) {
		const course = await findCourse(db, readId('id', c.req.param('id')))
		if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
		if (!ownsCourse(c.get('account'), course)) throw new ApiError(403, MESSAGES.forbidden)
		return course
	}

	return (
		new Hono<ApiEnv>()
			.get('/public/list', async (c) => {
				const page = readPage(c)
				const filters = validate(courseFilters, c.req.query())
				// The public catalogue shows published courses only, whatever isPublished asks for.
				const { rows, total } = await listCourses(
					db,
					{ ...filters, isPublished: undefined },
					published,
					page,
				)
				return c.json(pageOf(rows, total, page))
			})
			.get('/list', requireAccount(), async (c) => {
				const page = readPage(c)
				const filters = validate(courseFilters, c.req.query())
				const { rows, total } = await listCourses(db, filters, visibleTo(c.get('account')), page)
				return c.json(pageOf(rows, total, page))
			})
			.get('/enrolled', requireAccount({ roles: ['student'] }), async (c) => {
				const page = readPage(c)
				const { rows, total } = await listEnrolledCourses(db, c.get('account').id, page)
				return c.json(pageOf(rows, total, page))
			})
			// The class list: only the course's staff may read who is enrolled.
			.get('/:id/students', requireAccount({ roles: ['tutor', 'organization'] }), async (c) => {
				const course = await ownedCourse(db, c)
				const page = readPage(c)
				const { rows, total } = await listCourseStudents(db, course.id, page)
				return c.json({ students: rows.map(toUser), total, page: page.page })
			})
			// One student of the class list (the certificate page names the student by this record).
			.get(
				'/:id/students/:studentId',
				requireAccount({ roles: ['tutor', 'organization'] }),
				async (c) => {
					const course = await ownedCourse(db, c)
					const studentId = readId('studentId', c.req.param('studentId'))
					const student = await findUser(db, studentId)
					if (
						!student ||
						student.role !== 'student' ||
						!(await isEnrolled(db, course.id, studentId))
					) {
						throw new ApiError(404, STUDENT_NOT_FOUND)
					}
					return c.json({ student: toUser(student) })
				},
			)
			.post('/create-course', requireAccount({ roles: ['tutor', 'organization'] }), async (c) => {
				const input = await readJsonBody(c, courseCreate)
				const account = c.get('account')
				const owner =
					account.role === 'tutor'
						? { tutorId: account.id, organizationId: account.orgId }
						: { tutorId: null, organizationId: account.id }
				const course = await insertCourse(db, input, owner)
				return c.json({ message: 'Course created successfully!', course: toCourse(course) }, 201)
			})
			.put(
				'/update-course/:id',
				requireAccount({ roles: ['tutor', 'organization'] }),
				async (c) => {
					const course = await ownedCourse(db, c)
					const input = await readJsonBody(c, courseUpdate)
					if (input.maxStudents != null) {
						const enrolled = await countEnrolled(db, course.id)
						if (input.maxStudents < enrolled) {
							throw new ApiError(400, MESSAGES.validation, [
								{
									path: 'maxStudents',
									msg: `Max students cannot be below the ${enrolled} already enrolled`,
								},
							])
						}
					}
					const updated = await updateCourse(db, course.id, input)
					if (!updated) throw new ApiError(404, COURSE_NOT_FOUND)
					return c.json({ message: 'Course updated successfully', course: toCourse(updated) })
				},
			)
			.delete(
				'/delete-course/:id',
				requireAccount({ roles: ['tutor', 'organization'] }),
				async (c) => {
					const course = await ownedCourse(db, c)
					if ((await countEnrolled(db, course.id)) > 0) throw new ApiError(409, HAS_STUDENTS)
					await deleteCourse(db, course.id)
					return c.json({ message: 'Course deleted successfully', id: course.id })
				},
			)
			.get('/:id', async (c) => {
				const id = readId('id', c.req.param('id'))
				const account = await optionalAccount(c)
				const course = await findCourse(db, id)
				if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
				const enrolled = account?.role === 'student' ? await isEnrolled(db, id, account.id) : false
				const visible =
					course.is_published || enrolled || (account !== null && ownsCourse(account, course))
				// An unpublished course is not acknowledged to anyone who may not see it.
				if (!visible) throw new ApiError(404, COURSE_NOT_FOUND)
				return c.json({ course: toCourse(course), enrolled })
			})
	)
}
