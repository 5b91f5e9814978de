import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { paginationQuery, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toUser } from '../users/present.ts'
import { listCourseStudents } from '../users/repository.ts'
import {
	classListStudent,
	COURSE_NOT_FOUND,
	optionalAccount,
	OWN_COURSE_REFUSALS,
	ownCourse,
	STUDENT_NOT_FOUND,
	visibleCourse,
} from './access.ts'
import { changeCourse, createCourse, HAS_STUDENTS, removeCourse } from './editing.ts'
import { toCourse, toCoursePage } from './present.ts'
import { listCourses, listEnrolledCourses } from './repository.ts'
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

export function courseRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

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
						null,
						toPage(filters),
					)
					return c.json(toCoursePage(rows, total, toPage(filters)), 200)
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
					const { rows, total } = await listCourses(db, filters, c.get('account'), page)
					return c.json(toCoursePage(rows, total, page), 200)
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
					return c.json(toCoursePage(rows, total, page), 200)
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
					responses: answers({ 200: classList }, OWN_COURSE_REFUSALS),
				},
				async (c) => {
					const course = await ownCourse(db, c.get('account'), c.req.valid('param').id)
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
						{ 403: MESSAGES.forbidden, 404: [COURSE_NOT_FOUND, STUDENT_NOT_FOUND] },
					),
				},
				async (c) => {
					const { id, studentId } = c.req.valid('param')
					const course = await ownCourse(db, c.get('account'), id)
					const student = await classListStudent(db, course.id, studentId)
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
					const course = await createCourse(db, c.get('account'), c.req.valid('json'))
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
							...OWN_COURSE_REFUSALS,
						},
					),
				},
				async (c) => {
					const course = await ownCourse(db, c.get('account'), c.req.valid('param').id)
					const updated = await changeCourse(db, course, c.req.valid('json'))
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
							...OWN_COURSE_REFUSALS,
							409: HAS_STUDENTS,
						},
					),
				},
				async (c) => {
					const course = await ownCourse(db, c.get('account'), c.req.valid('param').id)
					await removeCourse(db, course)
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
						{ 403: MESSAGES.tokenMissing, 404: COURSE_NOT_FOUND },
					),
				},
				async (c) => {
					const { id } = c.req.valid('param')
					const viewer = await optionalAccount({ db, config }, c.req.header('authorization'))
					const { course, enrolled } = await visibleCourse(db, viewer, id)
					return c.json({ course: toCourse(course), enrolled }, 200)
				},
			)
	)
}
