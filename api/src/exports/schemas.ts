import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { term } from '../scores/schemas.ts'

const kind = z.enum(['scores', 'result-cards'])

/** POST /organizations/{id}/exports: which file of which term. */
export const exportStart = z.object({ kind, term }).openapi('ExportStart')

/** A background export (decision 046): its state and, once done, where its file is. */
export const exportJob = z
	.object({
		id: z.string(),
		kind,
		term: z.string(),
		status: z.enum(['queued', 'running', 'done', 'failed']),
		/** Students written to the file (when done). */
		students: z.number().int(),
		/** Bytes of the file (when done). */
		bytes: z.number().int().nullable(),
		fileName: z.string().nullable(),
		/** The file's call, relative to the API (when done). */
		download: z.string().nullable(),
		error: z.string().nullable(),
		createdAt: isoDateTime,
		finishedAt: isoDateTime.nullable(),
	})
	.openapi('ExportJob')

export const exportJobAnswer = z.object({ message: z.string(), export: exportJob })

/** The latest jobs, and the size of term (students) above which the app makes one. */
export const exportJobList = z
	.object({
		streamLimit: z.number().int(),
		keepDays: z.number().int(),
		exports: z.array(exportJob),
	})
	.openapi('ExportJobList')
