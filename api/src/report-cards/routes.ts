import { z } from '@hono/zod-openapi'
import type { Db } from '../db.ts'
import { courseRunBy, staffName } from '../courses/access.ts'
import { findCourseStaff, findStudent, isEnrolled } from '../courses/repository.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { newPublicId, PUBLIC_ID } from '../platform/public-id.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toReportCard } from './present.ts'
import {
	findCard,
	findCards,
	findCardToVerify,
	findStudentCourses,
	insertCard,
	updateCard,
} from './repository.ts'
import {
	courseReportCard,
	letterGrade,
	reportCardInput,
	reportCardVerification,
	savedReportCard,
	studentReportCards,
} from './schemas.ts'

type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>

const toStudent = (row: StudentRow) => ({
	id: row.id,
	name: `${row.first_name} ${row.last_name}`,
	email: row.email,
})

/** The student's courses the caller may see report cards of, each with its card or null. */
async function coursesWithCards(db: Db, account: Account, studentId: string) {
	const rows = await findStudentCourses(db, account, studentId)
	const cardIds = rows.flatMap((row) => (row.card_id ? [row.card_id] : []))
	const cards = cardIds.length ? await findCards(db, cardIds) : []
	const byId = new Map(cards.map((card) => [card.id, card]))
	return rows.map((row) => {
		const card = row.card_id ? byId.get(row.card_id) : undefined
		return {
			course: { id: row.course_id, title: row.course_title },
			reportCard: card ? toReportCard(card) : null,
		}
	})
}

export function reportCardRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	/** The student, when the caller is that student or staff who may see them. */
	async function studentFor(account: Account, studentId: string) {
		if (account.role === 'student' && account.id !== studentId) {
			throw new ApiError(403, MESSAGES.forbidden)
		}
		const student = await findStudent(db, studentId)
		if (!student) throw new ApiError(404, 'Student not found')
		return student
	}

	/** A course of the student that the caller may see: 404 unknown, 403 not theirs or not enrolled. */
	async function courseFor(account: Account, student: StudentRow, courseId: string) {
		const course =
			account.role === 'student'
				? await findCourseStaff(db, courseId)
				: await courseRunBy(db, account, courseId)
		if (!course) throw new ApiError(404, 'Course not found')
		if (!(await isEnrolled(db, course.id, student.id))) {
			throw new ApiError(404, 'The student is not enrolled in this course')
		}
		return course
	}

	return new ApiRoutes(config, 'report-cards')
		.endpoint(
			{
				method: 'get',
				path: '/verify/{publicId}',
				operationId: 'verifyReportCard',
				summary: 'Whether a report card is genuine (no sign-in)',
				request: { params: z.object({ publicId: z.string() }) },
				description:
					'Anyone, no token: whether a report card is genuine, by its `publicId`; an unknown id answers 200 `{ genuine: false, message: "No report card has this id" }`.',
				responses: answers({ 200: reportCardVerification }),
			},
			async (c) => {
				const { publicId } = c.req.valid('param')
				const row = PUBLIC_ID.test(publicId) ? await findCardToVerify(db, publicId) : undefined
				c.header('Cache-Control', 'no-store')
				if (!row)
					return c.json({ genuine: false as const, message: 'No report card has this id' }, 200)
				const card = toReportCard(row)
				return c.json(
					{
						genuine: true as const,
						reportCard: {
							publicId: card.publicId,
							studentName: `${row.first_name} ${row.last_name}`,
							courseTitle: row.course_title,
							score: card.score,
							grade: card.grade,
							components: card.components,
							comments: card.comments,
							authorName: card.author.name,
							updatedAt: card.updatedAt,
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{studentId}',
				operationId: 'getStudentReportCards',
				summary: "A student's courses, each with its report card or null",
				middleware: requireAccount(),
				request: { params: uuidParams('studentId') },
				description:
					"That student (all their courses), or a tutor or organization running at least one of the student's courses (those courses only): each course with its report card or null, and the average score and grade of the written cards (null when none).",
				responses: answers(
					{ 200: studentReportCards },
					{ 403: MESSAGES.forbidden, 404: 'Student not found' },
				),
			},
			async (c) => {
				const account = c.get('account')
				const student = await studentFor(account, c.req.valid('param').studentId)
				const courses = await coursesWithCards(db, account, student.id)
				if (account.role !== 'student' && courses.length === 0) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				const scores = courses.flatMap((entry) =>
					entry.reportCard ? [entry.reportCard.score] : [],
				)
				const averageScore = scores.length
					? Math.round(scores.reduce((sum, value) => sum + value, 0) / scores.length)
					: null
				return c.json(
					{
						student: toStudent(student),
						courses,
						averageScore,
						averageGrade: averageScore === null ? null : letterGrade(averageScore),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{studentId}/{courseId}',
				operationId: 'getReportCard',
				summary: "A student's report card in one course, or null",
				middleware: requireAccount(),
				request: { params: uuidParams('studentId', 'courseId') },
				description:
					"That student, or the course's tutor or organization: the student's report card in the course, or null when none is written.",
				responses: answers(
					{ 200: courseReportCard },
					{
						403: MESSAGES.forbidden,
						404: [
							'Student not found',
							'Course not found',
							'The student is not enrolled in this course',
						],
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const { studentId, courseId } = c.req.valid('param')
				const student = await studentFor(account, studentId)
				const course = await courseFor(account, student, courseId)
				const card = await findCard(db, course.id, student.id)
				return c.json(
					{
						student: toStudent(student),
						course: { id: course.id, title: course.title },
						reportCard: card ? toReportCard(card) : null,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/{studentId}/{courseId}',
				operationId: 'saveReportCard',
				summary: 'Write or rewrite a report card (201 when new)',
				middleware: requireAccount({ roles: ['tutor', 'organization'] }),
				request: { params: uuidParams('studentId', 'courseId'), body: jsonBody(reportCardInput) },
				description:
					"The course's tutor or organization writes (201) or rewrites (200) an enrolled student's report card: an overall score, graded components and comments. Grades follow spec section 9: A 90-100, B 80-89, C 70-79, D 60-69, F below 60.",
				responses: answers(
					{ 200: savedReportCard, 201: savedReportCard },
					{
						403: MESSAGES.forbidden,
						404: [
							'Student not found',
							'Course not found',
							'The student is not enrolled in this course',
							'Report card not found',
						],
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const { studentId, courseId } = c.req.valid('param')
				const student = await studentFor(account, studentId)
				const course = await courseFor(account, student, courseId)
				const input = c.req.valid('json')
				const author = await staffName(db, account)
				const existing = await findCard(db, course.id, student.id)
				const values = {
					author_id: account.id,
					author_type: author.type,
					author_name: author.name,
					score: input.score,
					components: JSON.stringify(input.components),
					comments: input.comments ?? null,
				}
				if (existing) await updateCard(db, existing.id, values)
				else {
					await insertCard(db, {
						...values,
						public_id: newPublicId(),
						course_id: course.id,
						student_id: student.id,
					})
				}
				const card = await findCard(db, course.id, student.id)
				if (!card) throw new ApiError(404, 'Report card not found')
				return c.json(
					{ message: 'Report card saved successfully', reportCard: toReportCard(card) },
					existing ? 200 : 201,
				)
			},
		)
}
