import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, paginationQuery, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { settleStudentAttempts } from './attempts.ts'
import { toHistoryEntry } from './present.ts'
import { listHistory } from './repository.ts'
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
import {
	MESSAGES_TESTS,
	OPEN_SESSION_REFUSALS,
	OWN_SESSION_REFUSALS,
	ownSession,
	ownHistoryEntry,
	saveAnswers,
	startAttempt,
	submitAttempt,
} from './sessions.ts'

/** The `/test` calls: start (or resume) an attempt, save answers, submit, history. */
export function quizRoutes({ db, config }: ApiDeps) {
	const requireStudent = accountGuard({ db, config })({ roles: ['student'] })

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
				const { resumed, session } = await startAttempt(
					db,
					c.get('account'),
					c.req.valid('param').id,
					new Date(),
				)
				return resumed
					? c.json({ message: 'Test session resumed', resumed, session }, 200)
					: c.json({ message: 'Test session started', resumed, session }, 201)
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
				responses: answers({ 200: oneSession }, OWN_SESSION_REFUSALS),
			},
			async (c) => {
				const now = new Date()
				const session = await ownSession(db, c.get('account'), c.req.valid('param').id, now)
				return c.json({ session }, 200)
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
						...OPEN_SESSION_REFUSALS,
					},
				),
			},
			async (c) => {
				const now = new Date()
				const { id } = c.req.valid('param')
				const change = { db, account: c.get('account'), id, now }
				const saved = await saveAnswers(change, c.req.valid('json'))
				return c.json(
					{ message: 'Answers saved', ...saved, answersSavedAt: now.toISOString() },
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
						...OPEN_SESSION_REFUSALS,
					},
				),
			},
			async (c) => {
				const { id } = c.req.valid('param')
				const change = { db, account: c.get('account'), id, now: new Date() }
				const session = await submitAttempt(change, c.req.valid('json'))
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
					{ 403: MESSAGES.forbidden, 404: MESSAGES_TESTS.historyNotFound },
				),
			},
			async (c) => {
				const entry = await ownHistoryEntry(db, c.get('account'), c.req.valid('param').id)
				return c.json({ entry: toHistoryEntry(entry) }, 200)
			},
		)
}
