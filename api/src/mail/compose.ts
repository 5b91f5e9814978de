import { english, type Speaker } from '../platform/i18n.ts'

/** One mail as the outbox stores it: a plain-text and an HTML version of the same words. */
export type ComposedMail = { subject: string; text: string; html: string }

/** What a mail says: a greeting, paragraphs, at most one button (its link also in the text). */
export type MailContent = {
	subject: string
	greeting?: string
	paragraphs: string[]
	action?: { label: string; url: string }
	/** After the button: e.g. how long the link works, or why the mail came. */
	footer?: string[]
}

export const escapeHtml = (text: string) =>
	text
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#39;')

/**
 * Both versions from one content, so they never say different things. Every value is escaped in
 * the HTML (names and titles are typed by users); the styles are inline, as mail clients want.
 * The content comes already in the recipient's language; `speaker` says the mail's own few words
 * and sets its language and direction (right to left in Arabic).
 */
export function composeMail(content: MailContent, speaker: Speaker = english): ComposedMail {
	const { subject, greeting, paragraphs, action, footer = [] } = content
	const { say, language, dir } = speaker
	const text = [
		...(greeting ? [greeting] : []),
		...paragraphs,
		...(action ? [`${action.label}: ${action.url}`] : []),
		...footer,
		'TutorHub',
	].join('\n\n')
	const p = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`
	const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${greeting ? p(greeting) : ''}${paragraphs.map(p).join('')}${
		action
			? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#3730a3;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569;word-break:break-all">${escapeHtml(say('Or open this link:'))} <a href="${escapeHtml(action.url)}" style="color:#3730a3">${escapeHtml(action.url)}</a></p>`
			: ''
	}${footer.map((line) => `<p style="margin:0 0 12px;font-size:14px;color:#475569;line-height:1.5">${escapeHtml(line)}</p>`).join('')}
<p style="margin:24px 0 0;font-size:14px;color:#475569">TutorHub</p>
</div></body></html>`
	return { subject, text, html }
}

/**
 * A name someone else chose (an organization's, a course's or a task's title), as a mail quotes
 * it: on one line, at most `max` characters, in quotation marks, so it cannot pass for the mail's
 * own words ("Account suspended: verify now at http://…"). Issue 29.
 */
export function quotedName(name: string, max = 60) {
	const line = name.replace(/\s+/g, ' ').trim()
	const chars = [...line]
	return `“${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line}”`
}

/** A teacher's title (course, task, session, announcement) in a notification's subject (decision 037). */
export const quotedTitle = (title: string) => quotedName(title, 40)

/** A page of the web app at the public origin (PUBLIC_URL). */
export function appLink(publicUrl: string, path: string, query: Record<string, string> = {}) {
	const url = new URL(path, `${publicUrl.replace(/\/+$/, '')}/`)
	for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
	return url.href
}
