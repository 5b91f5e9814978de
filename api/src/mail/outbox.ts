import { EventEmitter } from 'node:events'
import { log } from '../platform/log.ts'
import type { Db } from '../db.ts'
import { reportError } from '../platform/error-reports.ts'
import type { ComposedMail } from './compose.ts'
import { insertMails } from './repository.ts'

/** Told each time a mail is queued, so a worker in this process sends it at once, not at its next poll. */
export const mailQueued = new EventEmitter()

export type QueuedMail = ComposedMail & {
	to: string
	kind: string
	headers?: Record<string, string>
}

/** Adds mails to the outbox table; the worker (mail/worker.ts) sends them. */
export async function queueMails(db: Db, mails: QueuedMail[]): Promise<void> {
	if (mails.length === 0) return
	await insertMails(db, mails)
	mailQueued.emit('queued')
}

/**
 * Work that follows an answer (queueing a mail, looking up an account for a reset): the caller does
 * not wait for it, and its failure is logged and reported, never the action's.
 */
export function afterAnswer(task: () => Promise<void>): void {
	const done = new Promise<void>((resolve) => {
		setImmediate(() => {
			task()
				.catch((error: unknown) => {
					log.error({ err: error }, 'Could not queue mail')
					reportError(error, { method: 'MAIL', path: 'queue' })
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

/** Queues the mails `build` makes, after the answer (above). */
export function queueAfter(db: Db, build: () => Promise<QueuedMail[]>): void {
	afterAnswer(async () => queueMails(db, await build()))
}
