import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { TermFileKind } from '../scores/export.ts'

/** The SQL of background exports (decision 046): the `export_jobs` rows. */

const JOB_COLUMNS = [
	'id',
	'kind',
	'term',
	'locale',
	'status',
	'students',
	'file_key',
	'file_name',
	'bytes',
	'error',
	'created_at',
	'started_at',
	'finished_at',
] as const

/**
 * The job under way for this term and kind, or a new one queued. The unique index on jobs under
 * way (migration 027) makes two requests at once end with one job: the second's insert does
 * nothing and it reads the first's. `created` says whether this call queued it.
 */
export async function queueExportJob(
	db: Db,
	organizationId: string,
	kind: TermFileKind,
	term: string,
	locale: string | null = null,
) {
	for (;;) {
		const created = await db
			.insertInto('export_jobs')
			.values({ organization_id: organizationId, kind, term, locale })
			.onConflict((c) =>
				c
					.columns(['organization_id', 'kind', 'term'])
					.where('status', 'in', ['queued', 'running'])
					.doNothing(),
			)
			.returning(JOB_COLUMNS)
			.executeTakeFirst()
		if (created) return { job: created, created: true }
		const underWay = await db
			.selectFrom('export_jobs')
			.select(JOB_COLUMNS)
			.where('organization_id', '=', organizationId)
			.where('kind', '=', kind)
			.where('term', '=', term)
			.where('status', 'in', ['queued', 'running'])
			.executeTakeFirst()
		// Between the two statements the job may have ended: then queue a new one.
		if (underWay) return { job: underWay, created: false }
	}
}

/** The organization's own job; undefined for another organization's id (or none). */
export const findExportJob = (db: Db, organizationId: string, jobId: string) =>
	db
		.selectFrom('export_jobs')
		.select(JOB_COLUMNS)
		.where('id', '=', jobId)
		.where('organization_id', '=', organizationId)
		.executeTakeFirst()

export const listExportJobs = (db: Db, organizationId: string) =>
	db
		.selectFrom('export_jobs')
		.select(JOB_COLUMNS)
		.where('organization_id', '=', organizationId)
		.orderBy('created_at', 'desc')
		.limit(10)
		.execute()

export type ExportJobRow = NonNullable<Awaited<ReturnType<typeof findExportJob>>>

/** Takes a queued job: one UPDATE, so of several processes or requests exactly one runs it. */
export const claimExportJob = (db: Db, jobId: string) =>
	db
		.updateTable('export_jobs')
		.set({ status: 'running', started_at: new Date() })
		.where('id', '=', jobId)
		.where('status', '=', 'queued')
		.returning(JOB_COLUMNS)
		.executeTakeFirst()

export const finishExportJob = (
	db: Db,
	jobId: string,
	file: { key: string; name: string; bytes: number; students: number },
) =>
	db
		.updateTable('export_jobs')
		.set({
			status: 'done',
			file_key: file.key,
			file_name: file.name,
			bytes: file.bytes,
			students: file.students,
			finished_at: new Date(),
		})
		.where('id', '=', jobId)
		.execute()

export const failExportJob = (db: Db, jobId: string, error: string) =>
	db
		.updateTable('export_jobs')
		.set({ status: 'failed', error, finished_at: new Date() })
		.where('id', '=', jobId)
		.where('status', 'in', ['queued', 'running'])
		.execute()

/**
 * A job still queued or running after `minutes` was left by an API process that stopped: failed,
 * so that the organization can start it again (the unique index would otherwise hold it).
 */
export const failStoppedExportJobs = (
	db: Db,
	organizationId: string,
	error: string,
	minutes: number,
) =>
	db
		.updateTable('export_jobs')
		.set({ status: 'failed', error, finished_at: new Date() })
		.where('organization_id', '=', organizationId)
		.where('status', 'in', ['queued', 'running'])
		.where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
		.execute()

/** Jobs that finished more than `days` ago, removed with their rows; their file keys returned. */
export async function removeOldExportJobs(db: Db, days: number) {
	const removed = await db
		.deleteFrom('export_jobs')
		.where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
		.returning('file_key')
		.execute()
	return removed.flatMap((row) => (row.file_key ? [row.file_key] : []))
}
