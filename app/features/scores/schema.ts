import { z } from 'zod'

/** Spec section 9: grade distribution buckets. */
export const gradeBuckets = ['0-60', '60-70', '70-80', '80-90', '90-100'] as const
export type GradeBucket = (typeof gradeBuckets)[number]

// Answers of the reference API (api/README.md), parsed, never cast.
export const scoreSchema = z.object({
	id: z.string(),
	studentId: z.string(),
	studentName: z.string(),
	subject: z.string(),
	term: z.string(),
	score: z.number(),
})
export type Score = z.infer<typeof scoreSchema>

const pagination = z.object({
	total: z.number(),
	page: z.number(),
	limit: z.number(),
	totalPages: z.number(),
})

export const scoreListSchema = z.object({
	scores: z.array(scoreSchema),
	terms: z.array(z.string()),
	subjects: z.array(z.string()),
	/** The subjects used in each term. */
	termSubjects: z.record(z.string(), z.array(z.string())).optional(),
	pagination: pagination.optional(),
})

/** One cell of the grid: a number sets the score, null removes it. */
export type ScoreChange = { studentId: string; subject: string; score: number | null }

export const scoresSavedSchema = z.object({
	message: z.string().optional(),
	saved: z.number(),
	removed: z.number(),
})

export const resultCardSchema = z.object({
	student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
	term: z.string(),
	subjects: z.array(
		z.object({ subject: z.string(), score: z.number(), bucket: z.enum(gradeBuckets) }),
	),
	average: z.number(),
	bucket: z.enum(gradeBuckets),
})
export type ResultCard = z.infer<typeof resultCardSchema>

export const resultCardListSchema = z.object({
	term: z.string().nullable(),
	terms: z.array(z.string()),
	resultCards: z.array(resultCardSchema),
	pagination: pagination.optional(),
})

export const analyticsSchema = z.object({
	enrolment: z.array(
		z.object({ month: z.string(), role: z.enum(['student', 'tutor']), count: z.number() }),
	),
	performance: z.array(
		z.object({ term: z.string(), average: z.number().nullable(), scores: z.number() }),
	),
	distribution: z.array(z.object({ bucket: z.enum(gradeBuckets), count: z.number() })),
	terms: z.array(z.string()),
	term: z.string().nullable(),
})
export type Analytics = z.infer<typeof analyticsSchema>

export const termField = z
	.string({ error: 'Enter the term, for example Term 1 2026' })
	.trim()
	.min(1, 'Enter the term, for example Term 1 2026')
	.max(50, 'The term must be at most 50 characters')

export const subjectField = z
	.string()
	.trim()
	.min(1, 'Enter a subject')
	.max(100, 'A subject must be at most 100 characters')
	.refine((value) => !/[[\]]/.test(value), 'A subject cannot contain [ or ]')

export const maxSubjects = 12

// Background exports of a big term (issue 28, docs/decisions/046): the API's answers and the form
// that starts one.

export const exportKinds = ['scores', 'result-cards'] as const
export type ExportKind = (typeof exportKinds)[number]

export const exportJobSchema = z.object({
	id: z.string(),
	kind: z.enum(exportKinds),
	term: z.string(),
	status: z.enum(['queued', 'running', 'done', 'failed']),
	students: z.number(),
	bytes: z.number().nullable(),
	fileName: z.string().nullable(),
	download: z.string().nullable(),
	error: z.string().nullable(),
	createdAt: z.string(),
	finishedAt: z.string().nullable(),
})
export type ExportJob = z.infer<typeof exportJobSchema>

export const exportJobAnswerSchema = z.object({ message: z.string(), export: exportJobSchema })
export const exportJobListSchema = z.object({
	streamLimit: z.number(),
	keepDays: z.number(),
	exports: z.array(exportJobSchema),
})

/** "Prepare the file (CSV)": which file of which term. */
export const exportStartSchema = z.object({
	kind: z.enum(exportKinds, { error: 'Choose the score grid or the result cards' }),
	term: termField,
})

export const EXPORT_NAMES: Record<ExportKind, string> = {
	scores: 'scores',
	'result-cards': 'result cards',
}
