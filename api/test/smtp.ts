import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
	from: string
	to: string[]
	subject: string
	text: string
	html: string
	/** Each header as sent, by its lower-case name. */
	headers: Record<string, string>
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every mail it receives,
 * parsed. `refuseNext(code)` answers the next recipients with an SMTP error instead (a 4xx is
 * temporary, a 5xx permanent), to see the worker retry or give up.
 */
export async function startSmtp() {
	const inbox: ReceivedMail[] = []
	const waiters = new Set<() => void>()
	const refusals: number[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onRcptTo(_address, _session, callback) {
			const code = refusals.shift()
			if (code === undefined) return callback()
			const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & {
				responseCode: number
			}
			error.responseCode = code
			callback(error)
		},
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((parsed) => {
					inbox.push({
						from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
						to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
						subject: parsed.subject ?? '',
						text: parsed.text ?? '',
						html: typeof parsed.html === 'string' ? parsed.html : '',
						headers: Object.fromEntries(
							parsed.headerLines.map(({ key, line }) => [
								key,
								line
									.slice(line.indexOf(':') + 1)
									.replace(/\r?\n\s+/g, ' ')
									.trim(),
							]),
						),
					})
					for (const wake of waiters) wake()
					callback()
				})
				.catch(callback)
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo

	/** The first received mail (now or within `timeoutMs`) that passes `match`. */
	function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) {
		return new Promise<ReceivedMail>((resolve, reject) => {
			const check = () => {
				const found = inbox.find(match)
				if (!found) return
				cleanUp()
				resolve(found)
			}
			const timer = setTimeout(() => {
				cleanUp()
				reject(
					new Error(
						`no matching mail within ${timeoutMs} ms; got: ${inbox.map((m) => `${m.to.join(',')} ${m.subject}`).join('; ')}`,
					),
				)
			}, timeoutMs)
			const cleanUp = () => {
				clearTimeout(timer)
				waiters.delete(check)
			}
			waiters.add(check)
			check()
		})
	}

	return {
		url: `smtp://127.0.0.1:${port}`,
		inbox,
		waitForMail,
		mailsTo: (address: string) => inbox.filter((mail) => mail.to.includes(address)),
		refuseNext: (...codes: number[]) => refusals.push(...codes),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
	const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
	if (!link) throw new Error(`no link to ${prefix} in: ${mail.text}`)
	return new URL(link)
}
