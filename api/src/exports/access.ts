import { ApiError } from '../platform/errors.ts'
import { EXPORT_FAILED, EXPORT_STOPPED_MINUTES } from './jobs.ts'
import { failStoppedExportJobs, findExportJob } from './repository.ts'
import type { Db } from '../db.ts'

// An organization's own export job (moved from exports/job-routes.ts, decision 060).

const NOT_FOUND = 'Export not found'

/** The organization's own job, its stopped jobs read as failed first; 404 for any other. */
export async function ownJob(db: Db, organizationId: string, jobId: string) {
	await failStoppedExportJobs(db, organizationId, EXPORT_FAILED, EXPORT_STOPPED_MINUTES)
	const job = await findExportJob(db, organizationId, jobId)
	if (!job) throw new ApiError(404, NOT_FOUND)
	return job
}
