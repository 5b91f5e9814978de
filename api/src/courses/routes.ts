import type { Context } from 'hono'
import type { ExpressionBuilder } from 'kysely'
import { authenticate } from '../platform/access-tokens.ts'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { phrase } from '../platform/i18n.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { paginationQuery, toPage, type Page } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import type { Database } from '../schema.ts'
import { toUser } from '../users/present.ts'
import { findUser, listCourseStudents } from '../users/repository.ts'
import { COURSE_NOT_FOUND, runsCourse } from './access.ts'
import { isEnrolled } from './repository.ts'
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
import {
	changedCourse,
	classList,
	courseCreate,
	courseFilters,
	coursePage,
	courseUpdate,
	oneCourse,
	oneStudent,
} from './schemas.ts'

const STUDENT_NOT_FOUND = 'Student not found'
const HAS_STUDENTS = 'A course with enrolled students cannot be deleted; unpublish it instead'

const BEARER = /^Bearer\s+(\S+)\s*$/i

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

	async function ownedCourse(account: Account, id: string) {
		const course = await findCourse(db, id)
		if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
		if (!runsCourse(account, course)) throw new ApiError(403, MESSAGES.forbidden)
		return course
	}

	const staff = requireAccount({ roles: ['tutor', 'organization'] })

	return (
		new ApiRoutes(config, 'courses')
			.endpoint(
				{
					method: 'get',
					path: '/public/list',
					operationId: 'listPublicCourses',
					summary: 'The public catalogue: published courses, filtered',
					request: { query: courseFilters },
					description:
						"Anyone, no token: the published courses only (`isPublished` is ignored). `category` matches any letter case; `search` (at most 100 characters) matches any part of the title, the description or the teacher's full name, any letter case, `%` and `_` being plain characters. Newest first.",
					responses: answers({ 200: coursePage }),
				},
				async (c) => {
					const filters = c.req.valid('query')
					// The public catalogue shows published courses only, whatever isPublished asks for.
					const { rows, total } = await listCourses(
						db,
						{ ...filters, isPublished: undefined },
						published,
						toPage(filters),
					)
					return c.json(pageOf(rows, total, toPage(filters)), 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/list',
					operationId: 'listCourses',
					summary: 'The courses the caller may see, filtered',
					middleware: requireAccount(),
					request: { query: courseFilters },
					description:
						"Any signed-in account: the published courses plus the caller's own drafts, with the filters of the public list and `isPublished`. Newest first.",
					responses: answers({ 200: coursePage }),
				},
				async (c) => {
					const filters = c.req.valid('query')
					const page = toPage(filters)
					const { rows, total } = await listCourses(db, filters, visibleTo(c.get('account')), page)
					return c.json(pageOf(rows, total, page), 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/enrolled',
					operationId: 'listEnrolledCourses',
					summary: "The student's courses",
					middleware: requireAccount({ roles: ['student'] }),
					request: { query: paginationQuery },
					description: 'A student: the courses they are enrolled in, newest enrolment first.',
					responses: answers({ 200: coursePage }),
				},
				async (c) => {
					const page = toPage(c.req.valid('query'))
					const { rows, total } = await listEnrolledCourses(db, c.get('account').id, page)
					return c.json(pageOf(rows, total, page), 200)
				},
			)
			// The class list: only the course's staff may read who is enrolled.
			.endpoint(
				{
					method: 'get',
					path: '/{id}/students',
					operationId: 'listCourseStudents',
					summary: "A course's class list",
					middleware: staff,
					request: { params: uuidParams('id'), query: paginationQuery },
					description:
						"The course's tutor or its organization: the students enrolled in it, by last name.",
					responses: answers(
						{ 200: classList },
						{ 403: MESSAGES.forbidden, 404: 'Course not found' },
					),
				},
				async (c) => {
					const course = await ownedCourse(c.get('account'), c.req.valid('param').id)
					const page = toPage(c.req.valid('query'))
					const { rows, total } = await listCourseStudents(db, course.id, page)
					return c.json({ students: rows.map(toUser), total, page: page.page }, 200)
				},
			)
			// One student of the class list (the certificate page names the student by this record).
			.endpoint(
				{
					method: 'get',
					path: '/{id}/students/{studentId}',
					operationId: 'getEnrolledStudent',
					summary: 'One student of the class list',
					middleware: staff,
					request: { params: uuidParams('id', 'studentId') },
					description:
						"The course's tutor or its organization: one student enrolled in the course; 404 `Student not found` when that id is no student enrolled in it.",
					responses: answers(
						{ 200: oneStudent },
						{ 403: MESSAGES.forbidden, 404: ['Course not found', 'Student not found'] },
					),
				},
				async (c) => {
					const { id, studentId } = c.req.valid('param')
					const course = await ownedCourse(c.get('account'), id)
					const student = await findUser(db, studentId)
					if (
						!student ||
						student.role !== 'student' ||
						!(await isEnrolled(db, course.id, studentId))
					) {
						throw new ApiError(404, STUDENT_NOT_FOUND)
					}
					return c.json({ student: toUser(student) }, 200)
				},
			)
			.endpoint(
				{
					method: 'post',
					path: '/create-course',
					operationId: 'createCourse',
					summary: 'Create a course',
					middleware: staff,
					request: { body: jsonBody(courseCreate) },
					description:
						"A tutor or an organization creates a course (money in major units; a price of 0 is a free course; what a student pays is `discounted` when set, else `amount`). A tutor's course is theirs; an organization's is filed under it, and an organization also owns its tutors' courses. `isPublished` defaults to false: a draft is seen only by its owner.",
					responses: answers({ 201: changedCourse }),
				},
				async (c) => {
					const input = c.req.valid('json')
					const account = c.get('account')
					const owner =
						account.role === 'tutor'
							? { tutorId: account.id, organizationId: account.orgId }
							: { tutorId: null, organizationId: account.id }
					const course = await insertCourse(db, input, owner)
					return c.json({ message: 'Course created successfully!', course: toCourse(course) }, 201)
				},
			)
			.endpoint(
				{
					method: 'put',
					path: '/update-course/{id}',
					operationId: 'updateCourse',
					summary: 'Change a course',
					middleware: staff,
					request: { params: uuidParams('id'), body: jsonBody(courseUpdate) },
					description:
						"The course's owner (its tutor, or the organization it is filed under, which includes its tutors' courses) changes any of its fields.",
					responses: answers(
						{ 200: changedCourse },
						{
							400: {
								path: 'maxStudents',
								msg: 'Max students cannot be below the <n> already enrolled',
							},
							403: MESSAGES.forbidden,
							404: 'Course not found',
						},
					),
				},
				async (c) => {
					const course = await ownedCourse(c.get('account'), c.req.valid('param').id)
					const input = c.req.valid('json')
					if (input.maxStudents != null) {
						const enrolled = await countEnrolled(db, course.id)
						if (input.maxStudents < enrolled) {
							throw new ApiError(400, MESSAGES.validation, [
								{
									path: 'maxStudents',
									msg: phrase('Max students cannot be below the {enrolled} already enrolled', {
										enrolled,
									}),
								},
							])
						}
					}
					const updated = await updateCourse(db, course.id, input)
					if (!updated) throw new ApiError(404, COURSE_NOT_FOUND)
					return c.json({ message: 'Course updated successfully', course: toCourse(updated) }, 200)
				},
			)
			.endpoint(
				{
					method: 'delete',
					path: '/delete-course/{id}',
					operationId: 'deleteCourse',
					summary: 'Delete a course nobody is enrolled in',
					middleware: staff,
					request: { params: uuidParams('id') },
					description:
						"The course's owner deletes a course nobody is enrolled in; one with students is unpublished instead.",
					responses: answers(
						{ 200: deletedAnswer },
						{
							403: MESSAGES.forbidden,
							404: 'Course not found',
							409: 'A course with enrolled students cannot be deleted; unpublish it instead',
						},
					),
				},
				async (c) => {
					const course = await ownedCourse(c.get('account'), c.req.valid('param').id)
					if ((await countEnrolled(db, course.id)) > 0) throw new ApiError(409, HAS_STUDENTS)
					await deleteCourse(db, course.id)
					return c.json({ message: 'Course deleted successfully', id: course.id }, 200)
				},
			)
			.endpoint(
				{
					method: 'get',
					path: '/{id}',
					operationId: 'getCourse',
					summary: 'One course (a token is optional), and whether the caller is enrolled',
					// No token, or a bearer token of any role.
					security: [{}, { bearer: [] }],
					request: { params: uuidParams('id') },
					description:
						'Anyone: a published course. A bearer token is optional, but must be valid if sent. A draft is visible only to its owner and its enrolled students (404 to others). `enrolled` is true for a student enrolled in it.',
					responses: answers(
						{ 200: oneCourse },
						{ 403: MESSAGES.tokenMissing, 404: 'Course not found' },
					),
				},
				async (c) => {
					const { id } = c.req.valid('param')
					const account = await optionalAccount(c)
					const course = await findCourse(db, id)
					if (!course) throw new ApiError(404, COURSE_NOT_FOUND)
					const enrolled =
						account?.role === 'student' ? await isEnrolled(db, id, account.id) : false
					const visible =
						course.is_published || enrolled || (account !== null && runsCourse(account, course))
					// An unpublished course is not acknowledged to anyone who may not see it.
					if (!visible) throw new ApiError(404, COURSE_NOT_FOUND)
					return c.json({ course: toCourse(course), enrolled }, 200)
				},
			)
	)
}
