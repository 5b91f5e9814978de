import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { analyticsFields, resultCardFields, scoreFields } from '../../../contract/scores.ts'

export { GRADE_BUCKETS as gradeBuckets, type GradeBucket } from '../../../contract/scores.ts'

// Answers of the reference API (api/README.md), parsed, never cast.
export const scoreSchema = z.object(scoreFields)
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

export const resultCardSchema = z.object(resultCardFields)
export type ResultCard = z.infer<typeof resultCardSchema>

export const resultCardListSchema = z.object({
	term: z.string().nullable(),
	terms: z.array(z.string()),
	resultCards: z.array(resultCardSchema),
	pagination: pagination.optional(),
})

export const analyticsSchema = z.object(analyticsFields(z.number()))
export type Analytics = z.infer<typeof analyticsSchema>

export const termField = z
	.string({ error: () => t`Enter the term, for example Term 1 2026` })
	.trim()
	.min(1, { error: () => t`Enter the term, for example Term 1 2026` })
	.max(50, { error: () => t`The term must be at most 50 characters` })

export const subjectField = z
	.string()
	.trim()
	.min(1, { error: () => t`Enter a subject` })
	.max(100, { error: () => t`A subject must be at most 100 characters` })
	.refine((value) => !/[[\]]/.test(value), { error: () => t`A subject cannot contain [ or ]` })

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
	kind: z.enum(exportKinds, { error: () => t`Choose the score grid or the result cards` }),
	term: termField,
})
