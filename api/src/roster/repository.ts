import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { RosterImportStatus } from '../schema.ts'
import type { RosterCounts, RosterRow } from './preview.ts'

/** The organization's members, in the roster template's order, with their department's name. */
export const findRosterMembers = (db: Db, organizationId: string) =>
	db
		.selectFrom('users')
		.leftJoin('departments', (join) =>
			join
				.onRef('departments.id', '=', 'users.department_id')
				.on('departments.organization_id', '=', organizationId),
		)
		.select([
			sql<string>`CASE users.role WHEN 'tutor' THEN 'teacher' ELSE 'student' END`.as('role'),
			'users.first_name',
			'users.last_name',
			'users.email',
			'departments.department_name',
			'users.student_number',
		])
		.where('users.organization_id', '=', organizationId)
		.orderBy('users.role')
		.orderBy('users.last_name')
		.orderBy('users.first_name')
		.orderBy('users.email')
		.execute()

export const findDepartmentNames = (db: Db, organizationId: string) =>
	db
		.selectFrom('departments')
		.select(['id', 'department_name'])
		.where('organization_id', '=', organizationId)
		.execute()

export const findAccountsByEmails = (db: Db, emails: string[]) =>
	db
		.selectFrom('users')
		.select(['email', 'role', 'organization_id'])
		.where('email', '=', sql<string>`ANY(${sql.val(emails)}::text[])`)
		.execute()

/** Which of the emails the organization has open invitations for (in lower case). */
export const findInvitedEmails = (db: Db, organizationId: string, emails: string[]) =>
	db
		.selectFrom('organization_invitations')
		.select(sql<string>`lower(email)`.as('email'))
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'pending')
		.where(sql<string>`lower(email)`, '=', sql<string>`ANY(${sql.val(emails)}::text[])`)
		.execute()

// Roster imports (jobs): the preview's rows, stored as one JSON value, applied set-based.

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

export type JobRow = {
	id: string
	status: RosterImportStatus
	file_name: string
	counts: Record<string, number>
	result: Record<string, number> | null
	error: string | null
	created_at: Date
	finished_at: Date | null
}

/** Stores a job not yet run: the preview's rows with their outcomes, and their counts. */
export const insertJob = (
	db: Db,
	job: { organizationId: string; fileName: string; rows: RosterRow[]; counts: RosterCounts },
) =>
	db
		.insertInto('roster_imports')
		.values({
			organization_id: job.organizationId,
			file_name: job.fileName,
			rows: JSON.stringify(job.rows),
			counts: JSON.stringify(job.counts),
		})
		.returning(JOB_COLUMNS)
		.executeTakeFirstOrThrow()

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

/** A started job's stored rows, its row locked until the transaction ends. */
export async function lockJobRows(db: Db, jobId: string) {
	const job = await sql<{ rows: RosterRow[] }>`
		SELECT rows FROM roster_imports WHERE id = ${jobId} FOR UPDATE`.execute(db)
	return job.rows[0]?.rows ?? []
}

/** New accounts' set-your-password links (their hashes), valid for `ttlMs`. */
export async function insertWelcomeTokens(
	db: Db,
	tokens: { token_hash: string; account_id: string; email: string }[],
	ttlMs: number,
) {
	await insertJson(
		db,
		sql`INSERT INTO account_tokens (token_hash, purpose, account_type, account_id, email, expires_at)
			SELECT r.token_hash, 'password_reset', 'user', r.account_id, r.email, now() + ${`${ttlMs} milliseconds`}::interval
			FROM jsonb_to_recordset(`,
		sql`) AS r(token_hash text, account_id uuid, email text)`,
		tokens,
	)
}

/** New accounts' welcome mails, queued in the outbox. */
export async function insertWelcomeMails(
	db: Db,
	mails: {
		kind: string
		to_address: string
		subject: string
		text_body: string
		html_body: string
	}[],
) {
	await insertJson(
		db,
		sql`INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body)
			SELECT r.kind, r.to_address, r.subject, r.text_body, r.html_body FROM jsonb_to_recordset(`,
		sql`) AS r(kind text, to_address text, subject text, text_body text, html_body text)`,
		mails,
	)
}

export const findStudentsByEmails = (db: Db, emails: string[]) =>
	db
		.selectFrom('users')
		.select(['id', 'email'])
		.where('email', '=', sql<string>`ANY(${sql.val(emails)}::text[])`)
		.where('role', '=', 'student')
		.execute()

export async function finishJob(db: Db, jobId: string, counts: RosterCounts) {
	await db
		.updateTable('roster_imports')
		.set({ status: 'done', result: JSON.stringify(counts), finished_at: new Date() })
		.where('id', '=', jobId)
		.execute()
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

/** A running job failed (never a finished one: a shutdown may write it failed as it ends). */
export const failJob = (db: Db, jobId: string, error: string) =>
	db
		.updateTable('roster_imports')
		.set({ status: 'failed', error, finished_at: new Date() })
		.where('id', '=', jobId)
		.where('status', '=', 'running')
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

/** A new account of a roster's row, in the users table's terms. */
export type RosterAccount = {
	role: 'student' | 'tutor'
	email: string
	first_name: string
	last_name: string
	department_id: string | undefined
	student_number: string | null
}

export async function insertAccounts(
	db: Db,
	organizationId: string,
	accounts: RosterAccount[],
	passwordHash: string,
) {
	// No password is in the file: each new account has the hash of a random secret nobody knows,
	// until its owner chooses one through the mailed link (which also proves the mailbox).
	const inserted = await insertJson(
		db,
		sql`INSERT INTO users (role, email, password_hash, first_name, last_name, profile, organization_id,
				department_id, student_number, email_verified_at)
			SELECT r.role, r.email, ${passwordHash}, r.first_name, r.last_name, '{}'::jsonb, ${organizationId},
				r.department_id, r.student_number, NULL
			FROM jsonb_to_recordset(`,
		sql`) AS r(role text, email text, first_name text, last_name text, department_id uuid, student_number text)
			ON CONFLICT (email) DO NOTHING
			RETURNING id, email, first_name, role`,
		accounts,
	)
	return inserted as { id: string; email: string; first_name: string; role: 'student' | 'tutor' }[]
}

export async function insertInvitations(db: Db, organizationId: string, rows: RosterRow[]) {
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
