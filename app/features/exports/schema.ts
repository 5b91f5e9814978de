import { z } from 'zod'
import { termField } from '~/features/scores/schema'

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
