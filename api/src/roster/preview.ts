import type { Db } from '../db.ts'
import { msg, type Speaker } from '../platform/i18n.ts'
import { ROSTER_ROLES, type RosterLine, type RosterRole, type RowSaying } from './parse.ts'
import { findAccountsByEmails, findDepartmentNames, findInvitedEmails } from './repository.ts'
import type { RosterCounts, RosterOutcome, RosterRow } from './repository.ts'

// Its row types live with the repository (decision 060: no import circle, types included).
export type { RosterCounts, RosterOutcome, RosterRow }

const BELONGS_TO = {
	student: msg('This email belongs to a student account'),
	tutor: msg('This email belongs to a teacher account'),
} as const

/**
 * Decides each row's outcome against the organization as it is now: its departments (by name,
 * any letter case), the accounts with the rows' emails, its open invitations. A later row with an
 * email already in the file is a duplicate. Read-only; run again when the job applies the rows,
 * so what changed since the preview (someone signed up meanwhile) is decided afresh.
 */
export async function classifyRows(
	db: Db,
	organizationId: string,
	lines: RosterLine[],
): Promise<RosterRow[]> {
	const emails = [...new Set(lines.filter((row) => !row.error).map((row) => row.email))]
	const [departments, accounts, invitations] = await Promise.all([
		findDepartmentNames(db, organizationId),
		emails.length === 0 ? [] : findAccountsByEmails(db, emails),
		emails.length === 0 ? [] : findInvitedEmails(db, organizationId, emails),
	])
	const departmentOf = new Map(departments.map((d) => [d.department_name.toLowerCase(), d.id]))
	const accountOf = new Map(accounts.map((account) => [account.email, account]))
	const invited = new Set(invitations.map((invitation) => invitation.email))
	const firstLineOf = new Map<string, number>()

	return lines.map((row): RosterRow => {
		if (row.error) return { ...row, outcome: 'error' }
		const error = (message: string, said?: RowSaying): RosterRow => ({
			...row,
			outcome: 'error',
			error: message,
			...(said && { said }),
		})
		const first = firstLineOf.get(row.email)
		if (first !== undefined)
			return error(`Duplicate in the file: this email is also on row ${first}`, {
				message: msg('Duplicate in the file: this email is also on row {row}'),
				values: { row: first },
			})
		firstLineOf.set(row.email, row.line)
		const departmentId = departmentOf.get(row.department.toLowerCase())
		if (!departmentId)
			return error(`Unknown department "${row.department}"`, {
				message: msg('Unknown department "{department}"'),
				values: { department: row.department },
			})
		const role = ROSTER_ROLES[row.role as RosterRole]
		const account = accountOf.get(row.email)
		if (!account) return { ...row, departmentId, outcome: 'create' }
		if (account.role !== role) {
			return error(BELONGS_TO[account.role])
		}
		if (account.organization_id === organizationId)
			return { ...row, departmentId, outcome: 'member' }
		// Only students answer invitations (on their dashboard); a teacher's account is never attached
		// without its owner's consent, so it is left to the teacher.
		if (role === 'tutor') {
			return error(msg('This teacher already has an account: only students can be invited'))
		}
		if (invited.has(row.email)) return { ...row, departmentId, outcome: 'invited' }
		return { ...row, departmentId, outcome: 'invite' }
	})
}

export function countRows(rows: RosterRow[]): RosterCounts {
	const counts: RosterCounts = {
		rows: rows.length,
		create: 0,
		invite: 0,
		member: 0,
		invited: 0,
		error: 0,
	}
	for (const row of rows) counts[row.outcome] += 1
	return counts
}

/**
 * A page of rows as answered, each error in the reader's language (decision 067): one that names
 * something of its row from its stored message and values, the others by their English; English
 * as stored. The stored message stays out of the answer.
 */
export function sayRows(rows: RosterRow[], speaker: Speaker): RosterRow[] {
	return rows.map(({ said, ...row }) =>
		row.error && speaker.language !== 'en'
			? {
					...row,
					error: said ? speaker.say(said.message, said.values) : speaker.translate(row.error),
				}
			: row,
	)
}
