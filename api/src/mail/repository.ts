import { sql, type Updateable } from 'kysely'
import type { Db } from '../db.ts'
import type { MailOutboxTable } from '../schema.ts'
import type { ComposedMail } from './compose.ts'

export type QueuedMail = ComposedMail & {
	to: string
	kind: string
	headers?: Record<string, string>
}

// The outbox: mails queued in the table, claimed and sent by the worker (worker.ts).

/** Adds mails to the outbox table. */
export async function insertMails(db: Db, mails: QueuedMail[]) {
	await db
		.insertInto('mail_outbox')
		.values(
			mails.map((mail) => ({
				kind: mail.kind,
				to_address: mail.to,
				subject: mail.subject,
				text_body: mail.text,
				html_body: mail.html,
				locked_until: null,
				last_error: null,
				delivered_by: null,
				sent_at: null,
				headers: JSON.stringify(mail.headers ?? {}),
			})),
		)
		.execute()
}

export type OutboxRow = {
	id: string
	to_address: string
	subject: string
	text_body: string
	html_body: string
	attempts: number
	headers: Record<string, string>
}

/**
 * Claims up to `batch` pending mails due now for `claimSeconds` (skipping those another process
 * holds) and counts the attempt.
 */
export async function claimMails(db: Db, claimSeconds: number, batch: number) {
	const { rows } = await sql<OutboxRow>`
			UPDATE mail_outbox
			SET locked_until = now() + make_interval(secs => ${claimSeconds}), attempts = attempts + 1
			WHERE id IN (
				SELECT id FROM mail_outbox
				WHERE status = 'pending' AND next_attempt_at <= now()
					AND (locked_until IS NULL OR locked_until <= now())
				ORDER BY next_attempt_at
				LIMIT ${batch}
				FOR UPDATE SKIP LOCKED
			)
			RETURNING id, to_address, subject, text_body, html_body, attempts, headers`.execute(db)
	return rows
}

export async function markMailSent(db: Db, id: string, deliveredBy: string) {
	await db
		.updateTable('mail_outbox')
		.set({
			status: 'sent',
			sent_at: sql<Date>`now()`,
			locked_until: null,
			last_error: null,
			delivered_by: deliveredBy,
		})
		.where('id', '=', id)
		.execute()
}

export async function updateMail(db: Db, id: string, changes: Updateable<MailOutboxTable>) {
	await db.updateTable('mail_outbox').set(changes).where('id', '=', id).execute()
}

/**
 * Deletes mails sent over SMTP more than `keepSentDays` ago; answers how many went. A mail only
 * kept in the outbox (MAIL_DISABLED=1, or no SMTP_URL outside production) never left the server:
 * it stays, so an operator can still read or send it (docs/decisions/058).
 */
export async function deleteSentMails(db: Db, keepSentDays: number) {
	const { numDeletedRows } = await db
		.deleteFrom('mail_outbox')
		.where('status', '=', 'sent')
		.where('delivered_by', '=', 'smtp')
		.where('sent_at', '<', sql<Date>`now() - make_interval(days => ${keepSentDays})`)
		.executeTakeFirst()
	return Number(numDeletedRows)
}

/** The latest 50 mails, for the local outbox page. */
export const listLatestMails = (db: Db) =>
	db
		.selectFrom('mail_outbox')
		.select(['id', 'to_address', 'subject', 'text_body', 'status', 'created_at'])
		.orderBy('created_at', 'desc')
		.limit(50)
		.execute()

export const findMailHtml = (db: Db, id: string) =>
	db.selectFrom('mail_outbox').select('html_body').where('id', '=', id).executeTakeFirst()

// Notifications' recipients.

function recipientsQuery(db: Db) {
	return (
		db
			.selectFrom('users')
			// The language a mail speaks: the person's own, else their organization's default.
			.leftJoin('organizations as recipient_org', 'recipient_org.id', 'users.organization_id')
			.select(['users.id', 'users.email', 'users.first_name', 'users.notification_preferences'])
			.select((eb) => eb.fn.coalesce('users.locale', 'recipient_org.default_locale').as('locale'))
	)
}

export const findRecipients = (db: Db, userIds: string[]) =>
	recipientsQuery(db).where('users.id', 'in', userIds).execute()

/** Every student enrolled in the course. */
export const findCourseRecipients = (db: Db, courseId: string) =>
	recipientsQuery(db)
		.innerJoin('enrollments', 'enrollments.student_id', 'users.id')
		.where('enrollments.course_id', '=', courseId)
		.execute()

/** Every student of the organization. */
export const findOrganizationStudentRecipients = (db: Db, organizationId: string) =>
	recipientsQuery(db)
		.where('users.organization_id', '=', organizationId)
		.where('users.role', '=', 'student')
		.execute()

/** How many mails the outbox holds in each status (the /metrics gauge). */
export async function countOutboxByStatus(db: Db) {
	const { rows } = await sql<{ status: string; count: string | number }>`
		SELECT status, count(*) AS count FROM mail_outbox GROUP BY status`.execute(db)
	return rows
}
