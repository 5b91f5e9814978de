import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { PUBLIC_ID } from '../platform/public-id.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	CARD_NOT_FOUND,
	COURSE_CARD_REFUSALS,
	courseFor,
	saveCard,
	STUDENT_NOT_FOUND,
	studentCards,
	studentFor,
} from './cards.ts'
import { toReportCard, toStudent, toVerifiedReportCard } from './present.ts'
import { findCard, findCardToVerify } from './repository.ts'
import {
	courseReportCard,
	reportCardInput,
	reportCardVerification,
	savedReportCard,
	studentReportCards,
} from './schemas.ts'

export function reportCardRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

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
				return c.json({ genuine: true as const, reportCard: toVerifiedReportCard(row) }, 200)
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
					{ 403: MESSAGES.forbidden, 404: STUDENT_NOT_FOUND },
				),
			},
			async (c) => {
				const account = c.get('account')
				const student = await studentFor(db, account, c.req.valid('param').studentId)
				const cards = await studentCards(db, account, student)
				return c.json({ student: toStudent(student), ...cards }, 200)
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
				responses: answers({ 200: courseReportCard }, COURSE_CARD_REFUSALS),
			},
			async (c) => {
				const account = c.get('account')
				const { studentId, courseId } = c.req.valid('param')
				const student = await studentFor(db, account, studentId)
				const course = await courseFor(db, account, student, courseId)
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
						...COURSE_CARD_REFUSALS,
						404: [...COURSE_CARD_REFUSALS[404], CARD_NOT_FOUND],
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const { studentId, courseId } = c.req.valid('param')
				const student = await studentFor(db, account, studentId)
				const course = await courseFor(db, account, student, courseId)
				const { card, created } = await saveCard(db, account, student, course, c.req.valid('json'))
				return c.json(
					{ message: 'Report card saved successfully', reportCard: toReportCard(card) },
					created ? 201 : 200,
				)
			},
		)
}
