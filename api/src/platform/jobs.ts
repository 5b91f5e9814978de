import { afterAnswer } from './after-answer.ts'
import { reportError } from './error-reports.ts'
import { log } from './log.ts'

type Job = {
	/** For the log and error reports: `roster-import`, `export`. */
	kind: string
	id: string
	run: () => Promise<void>
	fail: (error: unknown) => Promise<unknown>
}

/** The jobs this process is running, by kind and id, until each ends or is failed at shutdown. */
const underWay = new Map<string, Job>()

/**
 * How this API runs a job (the roster import, decision 039; a background export, decision 046):
 * the call that starts it has already claimed it in the database with one conditional UPDATE (only
 * one process, one request, wins it); the job runs here after the answer, and the caller polls its
 * status. A failure is logged, reported and written on the job with `fail`, never thrown at anyone.
 * A job whose process was killed mid-way stays `running`: each kind reads it as failed after a
 * while. One cut short by a deploy is written failed at once (`failJobsUnderWay`).
 */
export function runJobAfterAnswer(job: Job) {
	const key = `${job.kind}:${job.id}`
	afterAnswer(async () => {
		underWay.set(key, job)
		try {
			await job.run()
		} catch (error) {
			// Already written failed by the shutdown, whose closing database may be why this threw.
			if (!underWay.has(key)) return
			log.error({ err: error, jobId: job.id }, `Job ${job.kind} failed`)
			reportError(error, { method: 'JOB', path: job.kind })
			await job.fail(error)
		} finally {
			underWay.delete(key)
		}
	})
}

/**
 * At shutdown, once the grace for finishing is nearly over: the jobs still running are written
 * failed now, with their kind's message, so the organization sees it and can start again at once
 * rather than an hour later (and the next job of the same term is not refused as under way).
 */
export async function failJobsUnderWay(): Promise<void> {
	const jobs = [...underWay.values()]
	underWay.clear()
	await Promise.all(
		jobs.map(async (job) => {
			log.warn({ jobId: job.id }, `Job ${job.kind} stopped by the shutdown`)
			await job.fail(new Error('The API stopped before the job ended')).catch((error: unknown) => {
				log.error({ err: error, jobId: job.id }, `Job ${job.kind} could not be written failed`)
			})
		}),
	)
}
