import { z } from 'zod'
import { body, optionalText } from '../platform/validation.ts'

const score = (label: string) =>
	z
		.number({ error: `${label} must be a number from 0 to 100` })
		.int(`${label} must be a whole number`)
		.min(0, `${label} must be a number from 0 to 100`)
		.max(100, `${label} must be a number from 0 to 100`)

export const reportCardInput = body({
	score: score('Score'),
	components: z
		.array(
			z.object({
				name: z
					.string({ error: 'Subject or component is required' })
					.trim()
					.min(1, 'Subject or component is required')
					.max(100, 'Subject or component must be at most 100 characters'),
				score: score('Component score'),
				remark: optionalText('Remark', 300).transform((value) => value ?? null),
			}),
			{ error: 'Components must be a list' },
		)
		.max(20, 'At most 20 components')
		.default([]),
	comments: optionalText('Comments', 2000),
})

/** Spec section 9's grade buckets: 0-60, 60-70, 70-80, 80-90, 90-100. */
export function letterGrade(score: number) {
	if (score >= 90) return 'A'
	if (score >= 80) return 'B'
	if (score >= 70) return 'C'
	if (score >= 60) return 'D'
	return 'F'
}
