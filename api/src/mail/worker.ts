import nodemailer from 'nodemailer'
import type { Db } from '../db.ts'
import { reportError } from '../platform/error-reports.ts'
import { log as apiLog } from '../platform/log.ts'
import { mailFailures } from '../platform/metrics.ts'
import type { MailOutboxTable } from '../schema.ts'
import type { Updateable } from 'kysely'
import { mailQueued } from './outbox.ts'
import {
	claimMails,
	deleteSentMails,
	markMailSent,
	updateMail,
	type OutboxRow,
} from './repository.ts'

export type MailWorkerOptions = {
	db: Db
	/** smtp:// or smtps:// with credentials; unset keeps mails in the local outbox (and the console). */
	smtpUrl?: string
	from: string
	/** Where the dev outbox page is, for the console line; unset when there is none. */
	outboxUrl?: string
	/**
	 * Whether the console line of a mail kept unsent shows its links (a developer's convenience).
	 * Never in production: a reset or verification link in a log is a key to the account.
	 */
	logLinks?: boolean
	/** How often due retries are looked for; a newly queued mail goes at once. */
	pollMs?: number
	/** The first retry's wait; each further one doubles, up to `maxDelayMs`. */
	baseDelayMs?: number
	maxDelayMs?: number
	maxAttempts?: number
	/**
	 * Sent mails older than this many days are deleted (hourly, and at start): they hold reset
	 * and verification links and personal addresses, and nothing reads them after delivery.
	 * Failed mails stay for the operator to see.
	 */
	keepSentDays?: number
	log?: (line: string) => void
}

// A claim lasts this long: a worker that dies mid-send frees the mail for another after it.
const CLAIM_SECONDS = 120
const BATCH = 10
const PRUNE_EVERY_MS = 60 * 60 * 1000

/** SMTP's 5xx replies are permanent (no such mailbox, refused): retrying cannot help. */
const isPermanent = (error: unknown) => {
	const code = (error as { responseCode?: number }).responseCode
	return typeof code === 'number' && code >= 500 && code < 600
}

/** Links in a mail's text, for the console line of a mail kept in the local outbox. */
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? []

/**
 * Sends the outbox's due mails: at once when one is queued in this process, and every `pollMs` for
 * retries and for mails queued by other processes. Each mail is claimed with SKIP LOCKED, so any
 * number of API processes share one queue without sending a mail twice. A failure waits
 * `baseDelayMs`, then twice that, and so on; after `maxAttempts`, or at once on a permanent SMTP
 * refusal, the mail is marked failed with the error kept.
 */
export function startMailWorker({
	db,
	smtpUrl,
	from,
	outboxUrl,
	logLinks = false,
	pollMs = 5_000,
	baseDelayMs = 30_000,
	maxDelayMs = 60 * 60 * 1000,
	maxAttempts = 10,
	keepSentDays = 30,
	log = (line) => console.log(line),
}: MailWorkerOptions) {
	const transport = smtpUrl
		? nodemailer.createTransport(smtpUrl)
		: nodemailer.createTransport({ jsonTransport: true })
	const deliveredBy = smtpUrl ? 'smtp' : 'outbox'
	let running: Promise<void> | null = null
	let again = false
	let stopped = false

	async function claim(): Promise<OutboxRow[]> {
		return claimMails(db, CLAIM_SECONDS, BATCH)
	}

	async function deliver(mail: OutboxRow) {
		try {
			await transport.sendMail({
				from,
				to: mail.to_address,
				subject: mail.subject,
				text: mail.text_body,
				html: mail.html_body,
				headers: mail.headers,
			})
			await markMailSent(db, mail.id, deliveredBy)
			if (!smtpUrl) {
				const links = logLinks ? linksIn(mail.text_body) : []
				log(
					`Mail to ${mail.to_address}: "${mail.subject}"${links.length ? ` ${links.join(' ')}` : ''}${outboxUrl ? ` (read it at ${outboxUrl})` : ''}`,
				)
			}
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error)
			const giveUp = isPermanent(error) || mail.attempts >= maxAttempts
			const delay = Math.min(baseDelayMs * 2 ** (mail.attempts - 1), maxDelayMs)
			const changes: Updateable<MailOutboxTable> = giveUp
				? { status: 'failed', locked_until: null, last_error: message }
				: {
						locked_until: null,
						last_error: message,
						next_attempt_at: new Date(Date.now() + delay),
					}
			await updateMail(db, mail.id, changes)
			mailFailures.inc({ outcome: giveUp ? 'failed' : 'retried' })
			log(
				giveUp
					? `Mail to ${mail.to_address} failed for good after ${mail.attempts} attempt(s): ${message}`
					: `Mail to ${mail.to_address} not sent (attempt ${mail.attempts}), retrying in ${Math.round(delay / 1000)} s: ${message}`,
			)
		}
	}

	async function drain() {
		do {
			again = false
			for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
				await Promise.all(batch.map(deliver))
			}
		} while (again && !stopped)
	}

	/** Runs one pass, or asks the running one to look again when it is done. */
	function wake(): Promise<void> {
		if (stopped) return Promise.resolve()
		if (running) {
			again = true
			return running
		}
		running = drain()
			.catch((error: unknown) => {
				apiLog.error({ err: error }, 'Mail worker failed')
				reportError(error, { method: 'MAIL', path: 'worker' })
			})
			.finally(() => {
				running = null
			})
		return running
	}

	/** Deletes sent mails past `keepSentDays`; answers how many went. */
	async function prune(): Promise<number> {
		return deleteSentMails(db, keepSentDays)
	}
	let prunedAt = 0
	const pruneNow = () => {
		if (Date.now() - prunedAt < PRUNE_EVERY_MS) return
		prunedAt = Date.now()
		prune().catch((error: unknown) => apiLog.warn({ err: error }, 'Mail outbox pruning failed'))
	}

	const onQueued = () => void wake()
	mailQueued.on('queued', onQueued)
	const timer = setInterval(() => {
		onQueued()
		pruneNow()
	}, pollMs)
	timer.unref()
	void wake()
	pruneNow()

	return {
		/** Sends what is due now (tests, and the first pass at start). */
		wake,
		prune,
		/** Stops looking for mail and waits for the pass under way; the transport is closed. */
		async stop() {
			stopped = true
			clearInterval(timer)
			mailQueued.off('queued', onQueued)
			await running
			transport.close()
		},
	}
}

export type MailWorker = ReturnType<typeof startMailWorker>
