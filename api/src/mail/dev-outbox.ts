import { Hono } from 'hono'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { readId } from '../platform/validation.ts'
import { escapeHtml } from './compose.ts'
import { findMailHtml, listLatestMails } from './repository.ts'

/** Plain text with its links clickable. */
const linkify = (text: string) =>
	escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

/**
 * The local outbox, for a developer running without SMTP_URL (never mounted with SMTP_URL or in
 * production): the latest 50 mails with their text, and each mail's HTML version on its own page.
 */
export function devOutboxRoutes({ db }: ApiDeps) {
	return new Hono<ApiEnv>()
		.get('/', async (c) => {
			const mails = await listLatestMails(db)
			const items = mails
				.map(
					(mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To <strong>${escapeHtml(mail.to_address)}</strong>, ${mail.created_at.toISOString()} (${mail.status}) · <a href="outbox/${mail.id}">HTML version</a></p>
<pre>${linkify(mail.text_body)}</pre>
</article>`,
				)
				.join('\n')
			c.header('Cache-Control', 'no-store')
			c.header('Referrer-Policy', 'no-referrer')
			return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox | TutorHub API</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border-top:1px solid #cbd5e1;padding:1rem 0}pre{white-space:pre-wrap;background:#f1f5f9;padding:1rem;border-radius:6px}a{color:#3730a3}</style></head>
<body><h1>Outbox</h1><p>Mails the API would have sent. Set <code>SMTP_URL</code> to send them for real. Newest first; reload for new ones.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`)
		})
		.get('/:id', async (c) => {
			const mail = await findMailHtml(db, readId('id', c.req.param('id')))
			if (!mail) throw new ApiError(404, 'Mail not found')
			c.header('Cache-Control', 'no-store')
			c.header('Referrer-Policy', 'no-referrer')
			return c.html(mail.html_body)
		})
}
