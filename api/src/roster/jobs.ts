import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { z } from 'zod'
import { hashOf } from '../account/tokens.ts'
import type { Db } from '../db.ts'
import { appLink, composeMail, quotedName } from '../mail/compose.ts'
import { mailQueued } from '../mail/outbox.ts'
import type { RosterImportStatus } from '../schema.ts'
import { ROSTER_ROLES, type RosterLine, type RosterRole } from './parse.ts'
import { classifyRows, countRows, type RosterCounts, type RosterRow } from './preview.ts'
import type { rosterImport } from './schemas.ts'

/** A set-your-password link of a new account works for a week: a school's start is not an hour. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

const JOB_COLUMNS = [
	'id',
	'status',
	'file_name',
	'counts',
	'result',
	'error',
	'created_at',
	'finished_at',
] as const

type JobRow = {
	id: string
	status: RosterImportStatus
	file_name: string
	counts: Record<string, number>
	result: Record<string, number> | null
	error: string | null
	created_at: Date
	finished_at: Date | null
}

/** What an import's calls answer of it. */
export const toJob = (row: JobRow): z.input<typeof rosterImport> => ({
	id: row.id,
	status: row.status,
	fileName: row.file_name,
	counts: row.counts as RosterCounts,
	result: row.result as RosterCounts | null,
	error: row.error,
	createdAt: row.created_at.toISOString(),
	finishedAt: row.finished_at?.toISOString() ?? null,
})

/** Stores the preview: the parsed rows with their outcomes, server-side, as a job not yet run. */
export async function createJob(
	db: Db,
	organizationId: string,
	fileName: string,
	lines: RosterLine[],
) {
	const rows = await classifyRows(db, organizationId, lines)
	return db
		.insertInto('roster_imports')
		.values({
			organization_id: organizationId,
			file_name: fileName,
			rows: JSON.stringify(rows),
			counts: JSON.stringify(countRows(rows)),
		})
		.returning(JOB_COLUMNS)
		.executeTakeFirstOrThrow()
}

/** The organization's own job; undefined for another organization's id (or none). */
export const findJob = (db: Db, organizationId: string, jobId: string) =>
	db
		.selectFrom('roster_imports')
		.select(JOB_COLUMNS)
		.where('id', '=', jobId)
		.where('organization_id', '=', organizationId)
		.executeTakeFirst()

export const listJobs = (db: Db, organizationId: string) =>
	db
		.selectFrom('roster_imports')
		.select(JOB_COLUMNS)
		.where('organization_id', '=', organizationId)
		.orderBy('created_at', 'desc')
		.limit(10)
		.execute()

/** One page of a job's rows, in file order, all or only those with an error; read in SQL. */
export async function jobRows(
	db: Db,
	jobId: string,
	{ offset, limit, errorsOnly }: { offset: number; limit: number; errorsOnly: boolean },
) {
	const result = await sql<{ row: RosterRow }>`
		SELECT row FROM roster_imports, jsonb_array_elements(rows) WITH ORDINALITY AS r(row, n)
		WHERE roster_imports.id = ${jobId}
			AND (${!errorsOnly} OR row->>'outcome' = 'error')
		ORDER BY n OFFSET ${offset} LIMIT ${limit}`.execute(db)
	return result.rows.map(({ row }) => row)
}

/**
 * Starts the job: one UPDATE that only a job still in preview passes, so of two confirmations at
 * once exactly one runs it. Undefined when it was not in preview (already confirmed, or none).
 */
export const startJob = (db: Db, organizationId: string, jobId: string) =>
	db
		.updateTable('roster_imports')
		.set({ status: 'running', started_at: new Date() })
		.where('id', '=', jobId)
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'preview')
		.returning(JOB_COLUMNS)
		.executeTakeFirst()

type Organization = { id: string; name: string }

export type AppliedRoster = {
	counts: RosterCounts
	invitedStudents: { id: string; email: string }[]
}

/**
 * Applies a started job's rows in one transaction, set-based (one statement per table, the rows
 * passed as one JSON value): new accounts with a set-your-password link and its mail, invitations
 * for existing students. Either every valid row is applied or, on any failure, none (the job is
 * then `failed`). Rows are decided again first, so applying a file twice changes nothing.
 */
export async function applyJob(
	db: Db,
	organization: Organization,
	jobId: string,
	{ publicUrl, passwordHash }: { publicUrl: string; passwordHash: string },
): Promise<AppliedRoster> {
	const applied = await db.transaction().execute(async (trx) => {
		const job = await sql<{ rows: RosterRow[] }>`
			SELECT rows FROM roster_imports WHERE id = ${jobId} FOR UPDATE`.execute(trx)
		const stored = job.rows[0]?.rows ?? []
		const rows = await classifyRows(trx, organization.id, stored)
		const creates = rows.filter((row) => row.outcome === 'create')
		const invites = rows.filter((row) => row.outcome === 'invite')

		const created =
			creates.length === 0 ? [] : await insertAccounts(trx, organization, creates, passwordHash)
		const links = created.map((account) => ({
			...account,
			token: randomBytes(32).toString('base64url'),
		}))
		await insertJson(
			trx,
			sql`INSERT INTO account_tokens (token_hash, purpose, account_type, account_id, email, expires_at)
				SELECT r.token_hash, 'password_reset', 'user', r.account_id, r.email, now() + ${`${WELCOME_LINK_TTL_MS} milliseconds`}::interval
				FROM jsonb_to_recordset(`,
			sql`) AS r(token_hash text, account_id uuid, email text)`,
			links.map((link) => ({
				token_hash: hashOf(link.token),
				account_id: link.id,
				email: link.email,
			})),
		)
		await insertJson(
			trx,
			sql`INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body)
				SELECT r.kind, r.to_address, r.subject, r.text_body, r.html_body FROM jsonb_to_recordset(`,
			sql`) AS r(kind text, to_address text, subject text, text_body text, html_body text)`,
			links.map((link) => {
				const mail = welcomeMail(publicUrl, organization, link)
				return {
					kind: 'roster_welcome',
					to_address: link.email,
					subject: mail.subject,
					text_body: mail.text,
					html_body: mail.html,
				}
			}),
		)
		const invited = await insertInvitations(trx, organization.id, invites)
		const invitedStudents =
			invited.length === 0
				? []
				: await trx
						.selectFrom('users')
						.select(['id', 'email'])
						.where('email', '=', sql<string>`ANY(${sql.val(invited)}::text[])`)
						.where('role', '=', 'student')
						.execute()
		const counts = countRows(rows)
		// What actually happened, had a row been decided otherwise between reading and writing.
		counts.create = created.length
		counts.invite = invited.length
		await trx
			.updateTable('roster_imports')
			.set({ status: 'done', result: JSON.stringify(counts), finished_at: new Date() })
			.where('id', '=', jobId)
			.execute()
		return { counts, invitedStudents }
	})
	if (applied.counts.create > 0) mailQueued.emit('queued')
	return applied
}

/**
 * A job still `running` long after any import could take was left by an API process that stopped
 * mid-way: its transaction was rolled back, so it is failed, and the file can be imported again.
 */
export const failStoppedJobs = (db: Db, organizationId: string, error: string) =>
	db
		.updateTable('roster_imports')
		.set({ status: 'failed', error, finished_at: new Date() })
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'running')
		.where('started_at', '<', sql<Date>`now() - interval '10 minutes'`)
		.execute()

export const failJob = (db: Db, jobId: string, error: string) =>
	db
		.updateTable('roster_imports')
		.set({ status: 'failed', error, finished_at: new Date() })
		.where('id', '=', jobId)
		.execute()

/** `head`, the rows as one JSON parameter, `tail`: one statement whatever the number of rows. */
async function insertJson(
	db: Db,
	head: ReturnType<typeof sql>,
	tail: ReturnType<typeof sql>,
	rows: object[],
) {
	if (rows.length === 0) return []
	const result = await sql<{
		[key: string]: unknown
	}>`${head}${JSON.stringify(rows)}::jsonb${tail}`.execute(db)
	return result.rows
}

async function insertAccounts(
	db: Db,
	organization: Organization,
	rows: RosterRow[],
	passwordHash: string,
) {
	// No password is in the file: each new account has the hash of a random secret nobody knows,
	// until its owner chooses one through the mailed link (which also proves the mailbox).
	const inserted = await insertJson(
		db,
		sql`INSERT INTO users (role, email, password_hash, first_name, last_name, profile, organization_id,
				department_id, student_number, email_verified_at)
			SELECT r.role, r.email, ${passwordHash}, r.first_name, r.last_name, '{}'::jsonb, ${organization.id},
				r.department_id, r.student_number, NULL
			FROM jsonb_to_recordset(`,
		sql`) AS r(role text, email text, first_name text, last_name text, department_id uuid, student_number text)
			ON CONFLICT (email) DO NOTHING
			RETURNING id, email, first_name, role`,
		rows.map((row) => ({
			role: ROSTER_ROLES[row.role as RosterRole],
			email: row.email,
			first_name: row.firstName,
			last_name: row.lastName,
			department_id: row.departmentId,
			student_number: row.studentNumber || null,
		})),
	)
	return inserted as { id: string; email: string; first_name: string; role: 'student' | 'tutor' }[]
}

async function insertInvitations(db: Db, organizationId: string, rows: RosterRow[]) {
	const inserted = await insertJson(
		db,
		sql`INSERT INTO organization_invitations (organization_id, email, department_id, student_number)
			SELECT ${organizationId}, r.email, r.department_id, r.student_number FROM jsonb_to_recordset(`,
		sql`) AS r(email text, department_id uuid, student_number text)
			ON CONFLICT (organization_id, lower(email)) WHERE status = 'pending' DO NOTHING
			RETURNING email`,
		rows.map((row) => ({
			email: row.email,
			department_id: row.departmentId,
			student_number: row.studentNumber || null,
		})),
	)
	return inserted.map((row) => row.email as string)
}

function welcomeMail(
	publicUrl: string,
	organization: Organization,
	account: { first_name: string; role: 'student' | 'tutor'; token: string },
) {
	return composeMail({
		// The organization's name is its own choice: never in the subject (decision 029).
		subject: 'Your TutorHub account: choose your password',
		greeting: `Hello ${account.first_name},`,
		paragraphs: [
			`The organization ${quotedName(organization.name)} added you to TutorHub as a ${account.role === 'tutor' ? 'teacher' : 'student'}. Choose your password with the button below, then log in with this email address.`,
		],
		action: {
			label: 'Choose your password',
			url: appLink(publicUrl, '/reset-password', { token: account.token }),
		},
		footer: [
			'The link works once, for seven days. After that, use "Forgot password?" on the login page.',
			'If you do not know this organization, ignore this mail: nobody can log in until a password is chosen.',
		],
	})
}
