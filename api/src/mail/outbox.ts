import { EventEmitter } from 'node:events'
import type { Db } from '../db.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { insertMails } from './repository.ts'
import type { QueuedMail } from './repository.ts'

// Its row types live with the repository (decision 060: no import circle, types included).
export type { QueuedMail }

/** Told each time a mail is queued, so a worker in this process sends it at once, not at its next poll. */
export const mailQueued = new EventEmitter()

/** Adds mails to the outbox table; the worker (mail/worker.ts) sends them. */
export async function queueMails(db: Db, mails: QueuedMail[]): Promise<void> {
	if (mails.length === 0) return
	await insertMails(db, mails)
	mailQueued.emit('queued')
}

/** Queues the mails `build` makes, after the answer (above). */
export function queueAfter(db: Db, build: () => Promise<QueuedMail[]>): void {
	afterAnswer(async () => queueMails(db, await build()))
}
