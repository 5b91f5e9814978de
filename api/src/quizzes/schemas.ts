import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { pageAnswer } from '../platform/pagination.ts'
import { storedQuestion } from '../qa/schemas.ts'
import { body, labelled } from '../platform/validation.ts'

const positiveId = (label: string) =>
	z
		.number({ error: labelled('{label} must be a number', label) })
		.int(labelled('{label} must be a whole number', label))
		.min(1, labelled('{label} must be at least 1', label))

const flagged = z
	.array(positiveId('Flagged question id'), { error: 'flagged must be a list of question ids' })
	.max(100, 'flagged lists at most 100 questions')
	.transform((ids) => [...new Set(ids)])

/** PUT /test/sessions/{id}/answers: the whole current state, replacing what was saved. */
export const saveAnswersBody = body({
	answers: z.record(
		z.string().regex(/^\d{1,7}$/, 'Answer keys must be question ids'),
		positiveId('Option id'),
		{
			error: 'answers must be an object of questionId to optionId',
		},
	),
	flagged: flagged.default([]),
})

/** POST /test/sessions/{id}/submit: one entry per answered question. */
export const submitBody = body({
	submissions: z
		.array(
			z.object(
				{ questionId: positiveId('Question id'), optionId: positiveId('Option id') },
				{ error: 'Each submission must be an object with questionId and optionId' },
			),
			{ error: 'submissions must be a list' },
		)
		.max(100, 'submissions lists at most 100 answers'),
	flagged: flagged.default([]),
})

const int = z.number().int()

/** The README's History entry: one closed attempt's score. */
export const historyEntry = z
	.object({
		id: z.string(),
		sessionId: z.string(),
		templateId: z.string().nullable(),
		templateTitle: z.string(),
		score: int,
		totalQuestions: int,
		percentage: int,
		status: z.enum(['submitted', 'expired']),
		startedAt: isoDateTime,
		completedAt: isoDateTime,
	})
	.openapi('HistoryEntry')

/** The README's Test session: questions without their answers while open, a review once closed. */
export const quizSession = z
	.object({
		id: z.string(),
		templateId: z.string().nullable(),
		title: z.string(),
		timeLimit: int,
		status: z.enum(['in_progress', 'submitted', 'expired']),
		startedAt: isoDateTime,
		deadline: isoDateTime,
		graceSeconds: int,
		serverTime: isoDateTime,
		questions: z.array(
			z.object({
				id: int,
				questionText: z.string(),
				options: z.array(z.object({ id: int, text: z.string() })),
			}),
		),
		answers: z.record(z.string(), int),
		flagged: z.array(int),
		answersSavedAt: isoDateTime.nullable(),
		result: z
			.object({
				historyId: z.string(),
				score: int,
				totalQuestions: int,
				percentage: int,
				closedAt: isoDateTime,
				review: z.array(
					z.object({
						questionId: int,
						questionText: z.string(),
						chosenOptionId: int.nullable(),
						isCorrect: z.boolean(),
						options: storedQuestion.shape.options,
					}),
				),
			})
			.nullable(),
	})
	.openapi('TestSession')

export const startedSession = z.object({
	message: z.string(),
	resumed: z.boolean(),
	session: quizSession,
})

export const oneSession = z.object({ session: quizSession })

export const savedAnswers = z.object({
	message: z.string(),
	answers: z.record(z.string(), int),
	flagged: z.array(int),
	answersSavedAt: isoDateTime,
})

export const submittedSession = z.object({
	message: z.string(),
	historyId: z.string().nullable(),
	session: quizSession,
})

export const historyList = z.object({
	history: z.array(historyEntry),
	pagination: pageAnswer.extend({ limit: int }),
})

export const oneHistoryEntry = z.object({ entry: historyEntry })

/** A submission this late after the deadline still counts: clocks and networks are not exact. */
export const GRACE_SECONDS = 30

export type Answers = Record<string, number>
