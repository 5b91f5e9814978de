import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { RosterImportStatus } from '../schema.ts'
import type { RosterLine } from './parse.ts'

/**
 * What a row will do: a new account and its set-your-password mail, an invitation to an existing
 * account, nothing (already a member, or already invited), or nothing because of its error.
 */
export type RosterOutcome = 'create' | 'invite' | 'member' | 'invited' | 'error'

export type RosterRow = RosterLine & {
	outcome: RosterOutcome
	/** The department the row's name matched. */
	departmentId?: string
}

export type RosterCounts = Record<RosterOutcome, number> & { rows: number }

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
	'mails_until',
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
	mails_until: Date | null
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

/** A started job's stored rows (only its one run reads them: `startJob` let one through). */
export async function findJobLines(db: Db, jobId: string) {
	const job = await sql<{ rows: RosterRow[] }>`
		SELECT rows FROM roster_imports WHERE id = ${jobId}`.execute(db)
	return job.rows[0]?.rows ?? []
}

/** Whether the organization's own address is verified: only then does an import mail anyone. */
export async function organizationAddressVerified(db: Db, organizationId: string) {
	const row = await db
		.selectFrom('organizations')
		.select('email_verified_at')
		.where('id', '=', organizationId)
		.executeTakeFirst()
	return Boolean(row?.email_verified_at)
}

/**
 * When the organization's next roster mail may go (null: never held back yet), its row locked
 * until the transaction ends, so two imports at once take turns.
 */
export async function lockMailClock(db: Db, organizationId: string) {
	const row = await db
		.selectFrom('organizations')
		.select('roster_mails_at')
		.where('id', '=', organizationId)
		.forUpdate()
		.executeTakeFirst()
	return row?.roster_mails_at ?? null
}

export async function setMailClock(db: Db, organizationId: string, at: Date) {
	await db
		.updateTable('organizations')
		.set({ roster_mails_at: at })
		.where('id', '=', organizationId)
		.execute()
}

/** What a running job has written so far (its page shows it; a stopped job's words use it). */
export async function saveProgress(db: Db, jobId: string, counts: RosterCounts) {
	await db
		.updateTable('roster_imports')
		.set({ result: JSON.stringify(counts) })
		.where('id', '=', jobId)
		.execute()
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
		/** Not before then: the organization's allowance of mails an hour. */
		next_attempt_at: string
	}[],
) {
	await insertJson(
		db,
		sql`INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, next_attempt_at)
			SELECT r.kind, r.to_address, r.subject, r.text_body, r.html_body, r.next_attempt_at
			FROM jsonb_to_recordset(`,
		sql`) AS r(kind text, to_address text, subject text, text_body text, html_body text,
			next_attempt_at timestamptz)`,
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

/**
 * The job done: what it wrote, when its last mail goes, and its rows as they ended where the run
 * decided some otherwise than the preview (over the hour's invitations, say).
 */
export async function finishJob(
	db: Db,
	jobId: string,
	{
		counts,
		mailsUntil,
		rows,
	}: { counts: RosterCounts; mailsUntil: Date | null; rows?: RosterRow[] },
) {
	await db
		.updateTable('roster_imports')
		.set({
			status: 'done',
			result: JSON.stringify(counts),
			finished_at: new Date(),
			mails_until: mailsUntil,
			...(rows && { rows: JSON.stringify(rows) }),
		})
		.where('id', '=', jobId)
		.where('status', '=', 'running')
		.execute()
}

/**
 * A job still `running` long after any import could take was left by an API process that stopped
 * mid-way: the batch it was writing was rolled back, so it is failed with `nothing` when no batch
 * was written (no progress saved) and `partly` when some were, and the file can be imported again.
 */
export const failStoppedJobs = (
	db: Db,
	organizationId: string,
	{ nothing, partly }: { nothing: string; partly: string },
) =>
	db
		.updateTable('roster_imports')
		.set({
			status: 'failed',
			error: sql<string>`CASE WHEN result IS NULL THEN ${nothing} ELSE ${partly} END`,
			finished_at: new Date(),
		})
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
