import { z } from 'zod'
import { body } from '../platform/validation.ts'

const positiveId = (label: string) =>
	z
		.number({ error: `${label} must be a number` })
		.int(`${label} must be a whole number`)
		.min(1, `${label} must be at least 1`)

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
