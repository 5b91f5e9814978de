import type { Db } from '../db.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, paginationQuery, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { findTemplate } from '../qa/repository.ts'
import {
	checkAnswers,
	closeAttempt,
	isPastGrace,
	settleAttempt,
	settleStudentAttempts,
} from './attempts.ts'
import {
	findAttempt,
	findHistoryByAttempt,
	findHistoryEntry,
	findOpenAttempt,
	insertAttempt,
	listHistory,
	saveProgress,
	type AttemptRow,
} from './repository.ts'
import { toHistoryEntry, toSession } from './present.ts'
import {
	historyList,
	oneHistoryEntry,
	oneSession,
	saveAnswersBody,
	savedAnswers,
	startedSession,
	submitBody,
	submittedSession,
} from './schemas.ts'

export const MESSAGES_TESTS = {
	sessionNotFound: 'Test session not found',
	templateNotFound: 'Template not found',
	notActive: 'This test is not open for taking right now',
	alreadySubmitted: 'This test has already been submitted',
	timeUp:
		'Time is up: this test closed at its deadline and can no longer be changed. It was scored with the answers saved before then.',
} as const

/** The `/test` calls: start (or resume) an attempt, save answers, submit, history. */
export function quizRoutes({ db, config }: ApiDeps) {
	const requireStudent = accountGuard({ db, config })({ roles: ['student'] })

	const ownAttempt = async (account: Account, id: string, now: Date) => {
		const attempt = await findAttempt(db, id)
		if (!attempt) throw new ApiError(404, MESSAGES_TESTS.sessionNotFound)
		if (attempt.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
		return settleAttempt(db, attempt, now)
	}

	const sessionJson = async (attempt: AttemptRow, now: Date) =>
		toSession(
			attempt,
			attempt.status === 'in_progress' ? undefined : await findHistoryByAttempt(db, attempt.id),
			now,
		)

	/** An attempt that may still change; else the 409 that says why not. */
	const stillOpen = (attempt: AttemptRow) => {
		if (attempt.status === 'submitted') throw new ApiError(409, MESSAGES_TESTS.alreadySubmitted)
		if (attempt.status === 'expired') throw new ApiError(409, MESSAGES_TESTS.timeUp)
	}

	return new ApiRoutes(config, 'quizzes')
		.endpoint(
			{
				method: 'post',
				path: '/templates/{id}/start',
				operationId: 'startQuizSession',
				summary: 'Start a test, or resume the open attempt (200)',
				middleware: requireStudent,
				request: { params: uuidParams('id') },
				description:
					"A student starts a test (empty body): 201 with a new attempt, or 200 `resumed: true` with their open attempt at this template (same deadline, saved answers, on any device). While in progress the options never carry `isCorrect`. A start after a closed attempt begins a fresh one (retakes allowed). The deadline is the server's (`startedAt` + `timeLimit` minutes); saves and submissions are accepted until 30 seconds after it, then refused with the time-up message. An attempt left open past that is closed as `expired` at its deadline with the answers last saved (when it is next read).",
				responses: answers(
					{ 200: startedSession, 201: startedSession },
					{ 404: MESSAGES_TESTS.templateNotFound, 409: MESSAGES_TESTS.notActive },
				),
			},
			async (c) => {
				const account = c.get('account')
				const now = new Date()
				const template = await findTemplate(db, c.req.valid('param').id)
				if (!template) throw new ApiError(404, MESSAGES_TESTS.templateNotFound)
				const resumed = async (attempt: AttemptRow) =>
					c.json(
						{
							message: 'Test session resumed',
							resumed: true,
							session: await sessionJson(attempt, now),
						},
						200,
					)
				const resumable = await openAttempt(db, account.id, template.id, now)
				if (resumable) return resumed(resumable)
				if (!template.is_active) throw new ApiError(409, MESSAGES_TESTS.notActive)
				try {
					const attempt = await insertAttempt(db, {
						templateId: template.id,
						studentId: account.id,
						title: template.title,
						questions: template.questions,
						timeLimit: template.time_limit,
						now,
					})
					return c.json(
						{
							message: 'Test session started',
							resumed: false,
							session: await sessionJson(attempt, now),
						},
						201,
					)
				} catch (error) {
					// Two starts at once: the other one made the attempt; resume it.
					if (!isUniqueViolation(error)) throw error
					const attempt = await findOpenAttempt(db, account.id, template.id)
					if (!attempt) throw error
					return resumed(attempt)
				}
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/sessions/{id}',
				operationId: 'getQuizSession',
				summary: 'One test session',
				middleware: requireStudent,
				request: { params: uuidParams('id') },
				description:
					'The student who owns it. Once closed, `result` holds the score and the review of each question.',
				responses: answers(
					{ 200: oneSession },
					{ 403: MESSAGES.forbidden, 404: MESSAGES_TESTS.sessionNotFound },
				),
			},
			async (c) => {
				const now = new Date()
				const attempt = await ownAttempt(c.get('account'), c.req.valid('param').id, now)
				return c.json({ session: await sessionJson(attempt, now) }, 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/sessions/{id}/answers',
				operationId: 'saveAnswers',
				summary: 'Save the answers and flags so far',
				middleware: requireStudent,
				request: { params: uuidParams('id'), body: jsonBody(saveAnswersBody) },
				description:
					"The owner saves the whole current state (answers by question id, flagged questions), replacing what was saved. The deadline is the server's (`startedAt` + `timeLimit` minutes); saves and submissions are accepted until 30 seconds after it, then refused with the time-up message. An attempt left open past that is closed as `expired` at its deadline with the answers last saved (when it is next read).",
				responses: answers(
					{ 200: savedAnswers },
					{
						400: [
							{ path: 'answers.<questionId>', msg: 'No such question in this test' },
							{ path: 'answers.<questionId>', msg: 'No such option for this question' },
						],
						403: MESSAGES.forbidden,
						404: MESSAGES_TESTS.sessionNotFound,
						409: [MESSAGES_TESTS.alreadySubmitted, MESSAGES_TESTS.timeUp],
					},
				),
			},
			async (c) => {
				const now = new Date()
				const attempt = await ownAttempt(c.get('account'), c.req.valid('param').id, now)
				const input = c.req.valid('json')
				stillOpen(attempt)
				checkAnswers(attempt.questions, input.answers, input.flagged, (id) => `answers.${id}`)
				const saved = await saveProgress(db, attempt.id, input.answers, input.flagged, now)
				if (!saved) stillOpen((await findAttempt(db, attempt.id)) ?? attempt)
				return c.json(
					{
						message: 'Answers saved',
						answers: saved?.answers ?? input.answers,
						flagged: saved?.flagged ?? input.flagged,
						answersSavedAt: now.toISOString(),
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/sessions/{id}/submit',
				operationId: 'submitQuiz',
				summary: 'Submit the test for scoring',
				middleware: requireStudent,
				request: { params: uuidParams('id'), body: jsonBody(submitBody) },
				description:
					"The owner submits (unanswered questions left out) and the test is scored: one point per question whose chosen option is a correct one; it gets its history entry. The deadline is the server's (`startedAt` + `timeLimit` minutes); saves and submissions are accepted until 30 seconds after it, then refused with the time-up message. An attempt left open past that is closed as `expired` at its deadline with the answers last saved (when it is next read).",
				responses: answers(
					{ 200: submittedSession },
					{
						400: [
							{ path: 'submissions.<index>', msg: 'No such question in this test' },
							{ path: 'submissions.<index>', msg: 'No such option for this question' },
						],
						403: MESSAGES.forbidden,
						404: MESSAGES_TESTS.sessionNotFound,
						409: [MESSAGES_TESTS.alreadySubmitted, MESSAGES_TESTS.timeUp],
					},
				),
			},
			async (c) => {
				const now = new Date()
				const attempt = await ownAttempt(c.get('account'), c.req.valid('param').id, now)
				const input = c.req.valid('json')
				stillOpen(attempt)
				const answers = Object.fromEntries(
					input.submissions.map((entry) => [String(entry.questionId), entry.optionId]),
				)
				checkAnswers(attempt.questions, answers, input.flagged, (id) => {
					const index = input.submissions.findIndex((entry) => String(entry.questionId) === id)
					return `submissions.${index}`
				})
				const closed = await closeAttempt(db, attempt, {
					status: 'submitted',
					answers,
					flagged: input.flagged,
					at: now,
				})
				if (!closed) {
					stillOpen((await findAttempt(db, attempt.id)) ?? attempt)
					throw new ApiError(409, MESSAGES_TESTS.alreadySubmitted)
				}
				const session = await sessionJson(closed, now)
				return c.json(
					{
						message: 'Test submitted successfully!',
						historyId: session.result?.historyId ?? null,
						session,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/history',
				operationId: 'getQuizHistory',
				summary: "The student's closed tests, newest first",
				middleware: requireStudent,
				request: { query: paginationQuery },
				description: 'A student: their closed tests (submitted or expired), latest first.',
				responses: answers({ 200: historyList }),
			},
			async (c) => {
				const account = c.get('account')
				const page = toPage(c.req.valid('query'))
				await settleStudentAttempts(db, account.id, new Date())
				const { rows, total } = await listHistory(db, account.id, page)
				return c.json(
					{
						history: rows.map(toHistoryEntry),
						pagination: { ...pageOf(total, page), limit: page.limit },
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/history/{id}',
				operationId: 'getQuizHistoryEntry',
				summary: 'One history entry',
				middleware: requireStudent,
				request: { params: uuidParams('id') },
				description: 'The student it belongs to.',
				responses: answers(
					{ 200: oneHistoryEntry },
					{ 403: MESSAGES.forbidden, 404: 'Test history entry not found' },
				),
			},
			async (c) => {
				const account = c.get('account')
				const entry = await findHistoryEntry(db, c.req.valid('param').id)
				if (!entry) throw new ApiError(404, 'Test history entry not found')
				if (entry.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
				return c.json({ entry: toHistoryEntry(entry) }, 200)
			},
		)
}

/** The student's open attempt at a template, unless it ran out (then it is closed first). */
async function openAttempt(db: Db, studentId: string, templateId: string, now: Date) {
	const attempt = await findOpenAttempt(db, studentId, templateId)
	if (!attempt) return undefined
	if (!isPastGrace(attempt, now)) return attempt
	await settleAttempt(db, attempt, now)
	return undefined
}
