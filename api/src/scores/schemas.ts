import { z } from 'zod'
import { body, requiredText } from '../platform/validation.ts'

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
	.refine((value) => Number.isInteger(value * 100), 'Score can have at most two decimals')
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
		.max(max, `${label} must be at most ${max} characters`)
		.optional()
		.transform((value) => (value ? value : undefined))

export const scoreQuery = z.object({
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
