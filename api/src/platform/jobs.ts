import { afterAnswer } from './after-answer.ts'
import { reportError } from './error-reports.ts'
import { log } from './log.ts'

/**
 * How this API runs a job (the roster import, decision 039; a background export, decision 046):
 * the call that starts it has already claimed it in the database with one conditional UPDATE (only
 * one process, one request, wins it); the job runs here after the answer, and the caller polls its
 * status. A failure is logged, reported and written on the job with `fail`, never thrown at anyone.
 * A job whose process stopped mid-way stays `running`: each kind reads it as failed after a while.
 */
export function runJobAfterAnswer(job: {
	/** For the log and error reports: `roster-import`, `export`. */
	kind: string
	id: string
	run: () => Promise<void>
	fail: (error: unknown) => Promise<unknown>
}) {
	afterAnswer(async () => {
		try {
			await job.run()
		} catch (error) {
			log.error({ err: error, jobId: job.id }, `Job ${job.kind} failed`)
			reportError(error, { method: 'JOB', path: job.kind })
			await job.fail(error)
		}
	})
}
