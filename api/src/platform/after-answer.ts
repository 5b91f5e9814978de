import { reportError } from './error-reports.ts'
import { log } from './log.ts'

/**
 * Work that follows an answer (queueing a mail, looking up an account for a reset): the caller does
 * not wait for it, and its failure is logged and reported, never the action's.
 */
export function afterAnswer(task: () => Promise<void>): void {
	const done = new Promise<void>((resolve) => {
		setImmediate(() => {
			task()
				.catch((error: unknown) => {
					log.error({ err: error }, 'Work after an answer failed')
					reportError(error, { method: 'AFTER', path: 'answer' })
				})
				.finally(resolve)
		})
	})
	underWay.add(done)
	void done.then(() => underWay.delete(done))
}

const underWay = new Set<Promise<void>>()

/**
 * Resolves once the work after every answer so far is done (and whatever that work started in
 * turn): a test learns that a mail was left out, not merely late.
 */
export async function afterAnswersDone(): Promise<void> {
	while (underWay.size > 0) await Promise.all(underWay)
}
