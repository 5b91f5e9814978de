import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { hashOf } from '../account/tokens.ts'
import type { Db } from '../db.ts'
import { appLink, composeMail, quotedName } from '../mail/compose.ts'
import { mailQueued } from '../mail/outbox.ts'
import { ROSTER_ROLES, type RosterLine, type RosterRole } from './parse.ts'
import { classifyRows, countRows, type RosterCounts } from './preview.ts'
import {
	findStudentsByEmails,
	finishJob,
	insertAccounts,
	insertInvitations,
	insertJob,
	insertWelcomeMails,
	insertWelcomeTokens,
	lockJobRows,
	type JobRow,
} from './repository.ts'
import type { rosterImport } from './schemas.ts'

/** A set-your-password link of a new account works for a week: a school's start is not an hour. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

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
	return insertJob(db, { organizationId, fileName, rows, counts: countRows(rows) })
}

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
		const stored = await lockJobRows(trx, jobId)
		const rows = await classifyRows(trx, organization.id, stored)
		const creates = rows.filter((row) => row.outcome === 'create')
		const invites = rows.filter((row) => row.outcome === 'invite')

		const created =
			creates.length === 0
				? []
				: await insertAccounts(
						trx,
						organization.id,
						creates.map((row) => ({
							role: ROSTER_ROLES[row.role as RosterRole],
							email: row.email,
							first_name: row.firstName,
							last_name: row.lastName,
							department_id: row.departmentId,
							student_number: row.studentNumber || null,
						})),
						passwordHash,
					)
		const links = created.map((account) => ({
			...account,
			token: randomBytes(32).toString('base64url'),
		}))
		await insertWelcomeTokens(
			trx,
			links.map((link) => ({
				token_hash: hashOf(link.token),
				account_id: link.id,
				email: link.email,
			})),
			WELCOME_LINK_TTL_MS,
		)
		await insertWelcomeMails(
			trx,
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
		const invitedStudents = invited.length === 0 ? [] : await findStudentsByEmails(trx, invited)
		const counts = countRows(rows)
		// What actually happened, had a row been decided otherwise between reading and writing.
		counts.create = created.length
		counts.invite = invited.length
		await finishJob(trx, jobId, counts)
		return { counts, invitedStudents }
	})
	if (applied.counts.create > 0) mailQueued.emit('queued')
	return applied
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
