import { startMailWorker, type MailWorker } from '../src/mail/worker.ts'
import { startApi, type TestApi } from './helpers.ts'
import { startSmtp, type TestSmtp } from './smtp.ts'

/** An API whose mails a real SMTP server receives, sent by the mail worker as in production. */
export type MailingApi = {
	api: TestApi
	smtp: TestSmtp
	worker: MailWorker
	/** Stops the worker, then the API, then the SMTP server. */
	close: () => Promise<void>
}

/**
 * The mail tests' set-up, once: a real SMTP server, the API (`startApi`'s options), and a mail
 * worker that polls often and retries soon, so a test waits on a mail for a fraction of a second.
 */
export async function startMailingApi(
	options: Parameters<typeof startApi>[0] = {},
): Promise<MailingApi> {
	const smtp = await startSmtp()
	const api = await startApi(options)
	const worker = startMailWorker({
		db: api.db,
		smtpUrl: smtp.url,
		from: 'TutorHub <no-reply@tutorhub.test>',
		pollMs: 200,
		baseDelayMs: 100,
		log: () => {},
	})
	return {
		api,
		smtp,
		worker,
		async close() {
			await worker.stop()
			await api.close()
			await smtp.close()
		},
	}
}
