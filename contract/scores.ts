import { z } from 'zod'

// An organization's scores as the contract states them (decision 048).

/** Spec section 9: grade distribution buckets. A score on a boundary belongs to the upper one. */
export const GRADE_BUCKETS = ['0-60', '60-70', '70-80', '80-90', '90-100'] as const
export type GradeBucket = (typeof GRADE_BUCKETS)[number]

const bucket = z.enum(GRADE_BUCKETS)

/** The README's Score: one student's score in one subject of one term. The API adds `updatedAt`. */
export const scoreFields = {
	id: z.string(),
	studentId: z.string(),
	studentName: z.string(),
	subject: z.string(),
	term: z.string(),
	score: z.number(),
}

/** The README's Result card: one student's scores of one term, their average and its band. */
export const resultCardFields = {
	student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
	term: z.string(),
	subjects: z.array(z.object({ subject: z.string(), score: z.number(), bucket })),
	average: z.number(),
	bucket,
}

/**
 * The organization's analytics. `count` is how a side reads the counts: the API states whole
 * numbers, the app reads any number.
 */
export const analyticsFields = (count: z.ZodNumber) => ({
	enrolment: z.array(z.object({ month: z.string(), role: z.enum(['student', 'tutor']), count })),
	performance: z.array(
		z.object({ term: z.string(), average: z.number().nullable(), scores: count }),
	),
	distribution: z.array(z.object({ bucket, count })),
	terms: z.array(z.string()),
	term: z.string().nullable(),
})
