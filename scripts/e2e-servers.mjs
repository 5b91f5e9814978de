// The servers the Playwright journeys drive: a fresh database each run, short-lived access tokens
// so the refresh path really runs, the API's test hooks (revoking a session on purpose), and a
// real SMTP server that receives the API's mails (decision 023), and a real DNS server whose TXT
// records the journeys publish as files, for organizations proving their domains (decision 051).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { startDnsServer } from '../api/test/dns-server.ts'
import { launch } from './launch.mjs'

const dataDir = mkdtempSync(join(tmpdir(), 'tutorhub-e2e-'))
const [
	appPort = '3310',
	apiPort = '4310',
	mailbox = 'test-results/mailbox',
	dnsRecords = 'test-results/dns',
] = process.argv.slice(2)

// Every mail the API sends lands here as one JSON file ({ to, subject, text, html }), for the
// journeys to read (e2e/mailbox.ts). On a free port: any number of runs share the machine.
rmSync(mailbox, { recursive: true, force: true })
mkdirSync(mailbox, { recursive: true })
let received = 0
const smtp = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS', 'AUTH'],
	logger: false,
	onData(stream, session, callback) {
		simpleParser(stream)
			.then((mail) => {
				const file = join(mailbox, `${Date.now()}-${String(++received).padStart(5, '0')}.json`)
				const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
				writeFileSync(
					file,
					JSON.stringify({
						to,
						subject: mail.subject ?? '',
						text: mail.text ?? '',
						html: mail.html || '',
					}),
				)
				callback()
			})
			.catch(callback)
	},
})
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve))

rmSync(dnsRecords, { recursive: true, force: true })
mkdirSync(dnsRecords, { recursive: true })
const dns = await startDnsServer({ recordsDir: dnsRecords })

const { stop } = await launch({
	appPort: Number(appPort),
	apiPort: Number(apiPort),
	dataDir,
	quiet: true,
	env: {
		ACCESS_TOKEN_TTL: '12',
		API_TEST_HOOKS: '1',
		UPSTREAM_RETRY_DELAY_MS: '50',
		SESSION_SECRET: 'e2e-session-secret',
		TOAST_SECRET: 'e2e-toast-secret',
		SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
		PUBLIC_URL: `http://127.0.0.1:${appPort}`,
		// Known to the suites that start an app process of their own (e2e/http/deploy-settings.spec.ts).
		API_PROXY_SECRET: 'e2e-proxy-secret',
		// A term of more than two students is exported in the background (e2e/export-jobs.spec.ts).
		EXPORT_STREAM_LIMIT: '2',
		// An organization's roster mails two an hour, the rest later (e2e/roster-import.spec.ts).
		ROSTER_MAILS_PER_HOUR: '2',
		DNS_SERVERS: dns.address,
	},
})
const cleanUp = () => {
	stop()
	smtp.close()
	void dns.close()
	rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGTERM', cleanUp)
process.on('SIGINT', cleanUp)
