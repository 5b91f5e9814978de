import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { pageIfAskedQuery, paginationAnswer } from '../platform/pagination.ts'
import { body, requiredText, atMost } from '../platform/validation.ts'
import { analyticsFields, resultCardFields, scoreFields } from '../../../contract/scores.ts'

/**
 * Brackets are kept out of subjects. The app's grid once named its inputs scores[student][subject]
 * (it now names them by position); the rule stays because the API's answers and stored subjects
 * have always kept it, and clients may rely on it.
 */
export const subject = requiredText('Subject', 100).refine(
	(value) => !/[[\]]/.test(value),
	'Subject cannot contain [ or ]',
)
export const term = requiredText('Term', 50)

const score = z
	.number({ error: 'Score must be a number from 0 to 100, or null to remove it' })
	.min(0, 'Score must be at least 0')
	.max(100, 'Score must be at most 100')
	// Within a millionth of a hundredth: 0.29 * 100 is 28.999999999999996 in floating point.
	.refine(
		(value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
		'Score can have at most two decimals',
	)
	.nullable()

export const scoreBatch = body({
	term,
	scores: z
		.array(
			z.object(
				{ studentId: z.guid({ error: 'studentId must be a UUID' }), subject, score },
				{ error: 'Each score must be an object' },
			),
			{ error: 'Scores must be a list' },
		)
		.min(1, 'Send at least one score')
		.max(2000, 'Send at most 2000 scores at once'),
}).superRefine((batch, ctx) => {
	const seen = new Set<string>()
	batch.scores.forEach((entry, index) => {
		const key = `${entry.studentId}\u0000${entry.subject.toLowerCase()}`
		if (seen.has(key)) {
			ctx.addIssue({
				code: 'custom',
				path: ['scores', index],
				message: 'The same student and subject appear twice',
			})
		}
		seen.add(key)
	})
})

const optionalFilter = (label: string, max: number) =>
	z
		.string()
		.trim()
		.max(max, atMost(label, max))
		.optional()
		.transform((value) => (value ? value : undefined))

/** The score grid's filters; paged only when `page` or `limit` is sent. */
export const scoreQuery = pageIfAskedQuery.extend({
	term: optionalFilter('Term', 50),
	subject: optionalFilter('Subject', 100),
	// A page of the score grid: the scores of its students only (issue 28).
	studentIds: z
		.string()
		.transform((value) =>
			value
				.split(',')
				.map((id) => id.trim())
				.filter(Boolean),
		)
		.pipe(
			z
				.array(z.guid({ error: 'studentIds must be UUIDs, separated by commas' }))
				.max(100, 'studentIds can name at most 100 students'),
		)
		.optional(),
})

export const termQuery = z.object({ term: optionalFilter('Term', 50) })

/** The result cards of a term, paged by student only when `page` or `limit` is sent. */
export const resultCardQuery = pageIfAskedQuery.extend(termQuery.shape)

/** A result card: the term to read is required. */
export const resultCardTermQuery = z.object({ term })

/** The README's Score. */
export const scoreAnswer = z.object({ ...scoreFields, updatedAt: isoDateTime }).openapi('Score')

/** `GET /organizations/{id}/scores`: the scores asked for, every term and the subjects used. */
export const scoreList = z.object({
	scores: z.array(scoreAnswer),
	terms: z.array(z.string()),
	subjects: z.array(z.string()),
	termSubjects: z.record(z.string(), z.array(z.string())),
	pagination: paginationAnswer.optional(),
})

export const savedScores = z.object({
	message: z.string(),
	term: z.string(),
	saved: z.number().int(),
	removed: z.number().int(),
})

/** The README's Result card: one student's scores of one term, their average and its band. */
export const resultCard = z.object(resultCardFields).openapi('ResultCard')

/** A term's result cards (the latest term's without one; none yet: `term` is null). */
export const resultCardList = z.object({
	term: z.string().nullable(),
	terms: z.array(z.string()),
	resultCards: z.array(resultCard),
	pagination: paginationAnswer.optional(),
})

export const analytics = z.object(analyticsFields(z.number().int()))
