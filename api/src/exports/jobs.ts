import type { z } from 'zod'
import type { ApiDeps } from '../platform/context.ts'
import { speakerOf } from '../account/mails.ts'
import { appLink, composeMail } from '../mail/compose.ts'
import { queueMails } from '../mail/outbox.ts'
import { csvBody, type CsvCell } from '../platform/csv.ts'
import { runJobAfterAnswer } from '../platform/jobs.ts'
import { startPeriodic } from '../platform/periodic.ts'
import { log } from '../platform/log.ts'
import { msg, speaker } from '../platform/i18n.ts'
import { PRIVATE_FILE_PREFIX } from '../platform/storage.ts'
import { termFile } from '../scores/export.ts'
import {
	claimExportJob,
	failExportJob,
	finishExportJob,
	removeOldExportJobs,
	type ExportJobRow,
} from './repository.ts'
import type { exportJob } from './schemas.ts'

/** A term with more students than this is exported in the background (EXPORT_STREAM_LIMIT). */
export const DEFAULT_EXPORT_STREAM_LIMIT = 20_000
/** A finished export's file is kept this long, then removed with its job. */
export const EXPORT_KEEP_DAYS = 7
/** A job not finished after this long was left by a process that stopped: it reads as failed. */
export const EXPORT_STOPPED_MINUTES = 60
export const EXPORT_FAILED =
	'The file could not be made. Prepare it again; if it fails again, contact us.'

/** What the ready mail says of each kind, in the organization's language. */
const READY_TEXTS = {
	scores: msg('The score grid of {term} is ready as a CSV file.'),
	'result-cards': msg('The result cards of {term} are ready as a CSV file.'),
} as const

/** The page of a job in the web app. */
export const exportPagePath = (jobId: string) => `/organization/exports/${jobId}`

export const toExportJob = (
	organizationId: string,
	row: ExportJobRow,
): z.input<typeof exportJob> => ({
	id: row.id,
	kind: row.kind,
	term: row.term,
	status: row.status,
	students: row.students,
	bytes: row.bytes,
	fileName: row.file_name,
	download:
		row.status === 'done' ? `/organizations/${organizationId}/exports/${row.id}/file` : null,
	error: row.error,
	createdAt: row.created_at.toISOString(),
	finishedAt: row.finished_at?.toISOString() ?? null,
})

/** Counts what passes: the students (rows) of the file's batches and the bytes written. */
async function* counted(batches: AsyncIterable<CsvCell[][]>, tally: { students: number }) {
	for await (const batch of batches) {
		tally.students += batch.length
		yield batch
	}
}

/**
 * Starts a queued job after the answer (runJobAfterAnswer): claims it (only one process or request
 * does), writes the term's file to storage through the same rows as the streamed download (the
 * same bytes), records it, and mails the organization a link to the job's page.
 */
export function runExportJob(
	deps: ApiDeps,
	organization: { id: string; name: string; email: string },
	jobId: string,
) {
	const { db, storage } = deps
	runJobAfterAnswer({
		kind: 'export',
		id: jobId,
		fail: () => failExportJob(db, jobId, EXPORT_FAILED),
		run: async () => {
			const job = await claimExportJob(db, jobId)
			if (!job) return
			const file = await termFile(db, organization.id, job.kind, job.term, speaker(job.locale))
			const tally = { students: 0 }
			let bytes = 0
			const body = csvBody(file.header, counted(file.batches, tally)).pipeThrough(
				new TransformStream<Uint8Array, Uint8Array>({
					transform(chunk, controller) {
						bytes += chunk.byteLength
						controller.enqueue(chunk)
					},
				}),
			)
			const key = `${PRIVATE_FILE_PREFIX}export-${job.id}.csv`
			await storage.put(key, body, 'text/csv; charset=utf-8')
			await finishExportJob(db, job.id, { key, name: file.fileName, bytes, ...tally })
			await queueMails(db, [await readyMail(deps, organization, job)])
			await removeOldExports(deps)
		},
	})
}

/** The mail saying a job's file is ready, in the organization's language (decision 064). */
async function readyMail(
	{ db, config }: ApiDeps,
	organization: { id: string; email: string },
	job: { id: string; kind: 'scores' | 'result-cards'; term: string },
) {
	const speech = await speakerOf(db, { accountType: 'organization', accountId: organization.id })
	const { say } = speech
	return {
		kind: 'export_ready',
		to: organization.email,
		...composeMail(
			{
				subject: say('Your TutorHub export is ready'),
				paragraphs: [say(READY_TEXTS[job.kind], { term: job.term })],
				action: {
					label: say('Download the file'),
					url: appLink(config.publicUrl ?? 'http://localhost:3000', exportPagePath(job.id)),
				},
				footer: [
					say(
						'{days, plural, one {The file is kept for # day.} other {The file is kept for # days.}}',
						{ days: EXPORT_KEEP_DAYS },
					),
				],
			},
			speech,
		),
	}
}

/**
 * Jobs finished more than EXPORT_KEEP_DAYS ago go, with their files: after each new export, and
 * hourly (`startExportCleanup`), so a school that exports once does not keep its file for ever.
 * Each row is deleted by one process only (DELETE … RETURNING), which then removes its file.
 */
export async function removeOldExports({ db, storage }: Pick<ApiDeps, 'db' | 'storage'>) {
	const keys = await removeOldExportJobs(db, EXPORT_KEEP_DAYS)
	for (const key of keys) {
		await storage.delete(key).catch((error: unknown) => {
			log.warn({ err: error, key }, 'Could not remove an old export file')
		})
	}
}

/** Removes old exports every hour and once at start (see removeOldExports). */
export function startExportCleanup(
	deps: Pick<ApiDeps, 'db' | 'storage'>,
	{ everyMs = 3_600_000, onError }: { everyMs?: number; onError: (error: unknown) => void },
) {
	return startPeriodic(() => removeOldExports(deps), { everyMs, onError })
}
