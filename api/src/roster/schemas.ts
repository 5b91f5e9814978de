import { z } from '@hono/zod-openapi'
import { rosterRowFields } from '../../../contract/roster.ts'
import { isoDateTime, uploadedFile } from '../platform/openapi.ts'
import { paginationAnswer, paginationQuery } from '../platform/pagination.ts'

/** POST /organizations/{id}/roster/imports: the CSV file (the handler says when it is missing). */
// Required: the handler refuses a form without it in its own words ('Choose a CSV file to upload').
export const rosterUpload = z
	.object({ file: uploadedFile.optional() })
	.openapi({ required: ['file'] })

/** A page of an import's rows; `show=errors` for only the rows with an error. */
export const rosterRowsQuery = paginationQuery.extend({
	show: z.string().optional().openapi({ description: '`errors`: only the rows with an error' }),
})

const counts = z.object({
	rows: z.number().int(),
	create: z.number().int(),
	invite: z.number().int(),
	member: z.number().int(),
	invited: z.number().int(),
	error: z.number().int(),
})

/** An import of a roster file: its preview's counts, then what applying it did. */
export const rosterImport = z
	.object({
		id: z.string(),
		status: z.enum(['preview', 'running', 'done', 'failed']),
		fileName: z.string(),
		counts,
		result: z.union([counts, z.null()]),
		error: z.string().nullable(),
		createdAt: isoDateTime,
		finishedAt: isoDateTime.nullable(),
		/** When the last of its set-your-password mails goes (they go at most so many an hour). */
		mailsUntil: isoDateTime.nullable(),
	})
	.openapi('RosterImport')

const rosterRow = z.object({
	...rosterRowFields,
	/** The department the row's name matched. */
	departmentId: z.string().optional(),
})

export const rosterImportAnswer = z.object({ message: z.string(), import: rosterImport })

export const rosterImportList = z.object({ imports: z.array(rosterImport) })

/** What bounds the mail an import causes (decision 054), for the page to say before confirming. */
const rosterMailLimits = z.object({
	/** The organization's own address is verified: only then may an import be confirmed. */
	addressVerified: z.boolean(),
	/** Set-your-password mails sent an hour; the rest wait their turn in the outbox. */
	mailsPerHour: z.number().int(),
	/** Invitations an hour, single ones and an import's together. */
	invitationsPerHour: z.number().int(),
})

export const rosterImportPage = z.object({
	import: rosterImport,
	rows: z.array(rosterRow),
	pagination: paginationAnswer,
	limits: rosterMailLimits,
})
