import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { z } from 'zod'
import { noFileChosen } from '~/platform/file-input'
import { type RosterOutcome, rosterRowFields } from '../../../contract/roster.ts'

// Roster import (issue 31, docs/decisions/039): the API's answers and the page's two forms.

export const ROSTER_FILE_LIMIT = 2 * 1024 * 1024
/** Said when the upload is over the limit, in the request's language. */
export const rosterFileTooLarge = () => t`The file is too large (max 2 MB)`
export const ROSTER_ROWS_PER_PAGE = 100

export type { RosterOutcome } from '../../../contract/roster.ts'

const counts = z.object({
	rows: z.number(),
	create: z.number(),
	invite: z.number(),
	member: z.number(),
	invited: z.number(),
	error: z.number(),
})
export type RosterCounts = z.infer<typeof counts>

export const rosterImportSchema = z.object({
	id: z.string(),
	status: z.enum(['preview', 'running', 'done', 'failed']),
	fileName: z.string(),
	counts,
	result: counts.nullable(),
	error: z.string().nullable(),
	createdAt: z.string(),
	finishedAt: z.string().nullable(),
	/** When its last set-your-password mail goes (they go at most so many an hour). */
	mailsUntil: z.string().nullable(),
})
export type RosterImport = z.infer<typeof rosterImportSchema>

export const rosterRowSchema = z.object({ ...rosterRowFields, line: z.number() })
export type RosterRow = z.infer<typeof rosterRowSchema>

export const rosterImportAnswerSchema = z.object({ import: rosterImportSchema })
export const rosterImportListSchema = z.object({ imports: z.array(rosterImportSchema) })
/** What bounds the mail an import causes (docs/decisions/054). */
const rosterLimitsSchema = z.object({
	addressVerified: z.boolean(),
	mailsPerHour: z.number(),
	invitationsPerHour: z.number(),
})
export type RosterLimits = z.infer<typeof rosterLimitsSchema>

export const rosterImportPageSchema = z.object({
	import: rosterImportSchema,
	rows: z.array(rosterRowSchema),
	pagination: z.object({ total: z.number(), page: z.number(), totalPages: z.number() }),
	limits: rosterLimitsSchema,
})

export const rosterUploadSchema = z.object({
	file: z.preprocess(
		noFileChosen,
		z
			.instanceof(File, { error: () => t`Choose a CSV file to upload` })
			.refine((file) => file.size > 0, { error: () => t`The file is empty`, abort: true })
			.refine((file) => file.size <= ROSTER_FILE_LIMIT, { error: rosterFileTooLarge }),
	),
})

export const rosterConfirmSchema = z.object({ intent: z.literal('confirm') })

/** What each outcome means, as the preview and the counts say it. */
export const OUTCOME_LABELS: Record<RosterOutcome, MessageDescriptor> = {
	create: msg`New account, mailed a link to choose a password`,
	invite: msg`Invitation to an existing account`,
	member: msg`Already a member: no change`,
	invited: msg`Already invited: no change`,
	error: msg`Not imported`,
}

export const STATUS_LABELS: Record<RosterImport['status'], MessageDescriptor> = {
	preview: msg`Preview, not imported`,
	running: msg`Importing…`,
	done: msg`Imported`,
	failed: msg`Stopped`,
}
