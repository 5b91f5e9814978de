import { sql, type Selectable } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../db.ts'
import { quotedName } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import type { OrganizationInvitationsTable } from '../schema.ts'
import { USER_COLUMNS } from '../users/repository.ts'
import type { invitation } from './schemas.ts'

type InvitationRow = Selectable<OrganizationInvitationsTable>

/** What the organization sees of an invitation: only the email it typed, never the account. */
export const toInvitation = (row: InvitationRow): z.input<typeof invitation> => ({
	id: row.id,
	email: row.email,
	status: row.status,
	createdAt: row.created_at.toISOString(),
})

/** Tells invited students (with accounts) of the invitation; their dashboard has it either way. */
export function notifyInvited(deps: ApiDeps, organization: { name: string }, studentIds: string[]) {
	notifyUsers(deps, studentIds, {
		kind: 'invitations',
		path: '/studentdashboard',
		// The name is the organization's own choice: never in the subject, quoted and bounded in
		// the text (issue 29).
		subject: 'An organization invites you to join it on TutorHub',
		paragraphs: [
			`The organization ${quotedName(organization.name)} invites you to join it on TutorHub. You join only if you accept: open your dashboard to accept or decline.`,
		],
		actionLabel: 'Answer the invitation',
	})
}

/** An open invitation of the organization to this email; the one already open if there is one. */
export async function inviteStudent(db: Db, organizationId: string, email: string) {
	const created = await db
		.insertInto('organization_invitations')
		.values({ organization_id: organizationId, email })
		.onConflict((conflict) =>
			conflict
				.expression(sql`organization_id, lower(email)`)
				.where('status', '=', 'pending')
				.doNothing(),
		)
		.returningAll()
		.executeTakeFirst()
	if (created) return { invitation: created, created: true }
	const open = await db
		.selectFrom('organization_invitations')
		.selectAll()
		.where('organization_id', '=', organizationId)
		.where(sql<string>`lower(email)`, '=', email.toLowerCase())
		.where('status', '=', 'pending')
		.executeTakeFirstOrThrow()
	return { invitation: open, created: false }
}

export const listOpenInvitations = (db: Db, organizationId: string) =>
	db
		.selectFrom('organization_invitations')
		.selectAll()
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'pending')
		.orderBy('created_at', 'desc')
		.limit(100)
		.execute()

/** Withdraws an open invitation; undefined when there is none of that id for this organization. */
export const cancelInvitation = (db: Db, organizationId: string, invitationId: string) =>
	db
		.updateTable('organization_invitations')
		.set({ status: 'cancelled', responded_at: new Date() })
		.where('id', '=', invitationId)
		.where('organization_id', '=', organizationId)
		.where('status', '=', 'pending')
		.returning('id')
		.executeTakeFirst()

/** The open invitations addressed to a student's email, with who sent them. */
export const invitationsFor = (db: Db, email: string) =>
	db
		.selectFrom('organization_invitations as invitation')
		.innerJoin('organizations as organization', 'organization.id', 'invitation.organization_id')
		.select([
			'invitation.id',
			'invitation.created_at',
			'organization.id as organization_id',
			'organization.name as organization_name',
		])
		.where(sql<string>`lower(invitation.email)`, '=', email.toLowerCase())
		.where('invitation.status', '=', 'pending')
		.orderBy('invitation.created_at', 'desc')
		.execute()

/**
 * The student's answer. Accepting joins the organization (leaving one they were in: they chose
 * to), in one transaction with closing the invitation; undefined when it is not theirs or not open.
 */
export async function answerInvitation(
	db: Db,
	student: { id: string; email: string },
	invitationId: string,
	accept: boolean,
) {
	return db.transaction().execute(async (trx) => {
		const invitation = await trx
			.updateTable('organization_invitations')
			.set({ status: accept ? 'accepted' : 'declined', responded_at: new Date() })
			.where('id', '=', invitationId)
			.where(sql<string>`lower(email)`, '=', student.email.toLowerCase())
			.where('status', '=', 'pending')
			.returning(['id', 'organization_id', 'department_id', 'student_number'])
			.executeTakeFirst()
		if (!invitation || !accept) return invitation
		await trx
			.updateTable('users')
			// A roster's invitation brings the department and student number it gave (migration 025).
			.set({
				organization_id: invitation.organization_id,
				department_id: invitation.department_id,
				student_number: invitation.student_number,
			})
			.where('id', '=', student.id)
			.where('role', '=', 'student')
			.execute()
		// Other organizations' open invitations stay: the student may still answer them later.
		return invitation
	})
}

/** A member leaves, or is removed by, their organization; undefined when they were not in it. */
export const leaveOrganization = (db: Db, studentId: string, organizationId: string) =>
	db
		.updateTable('users')
		.set({ organization_id: null, department_id: null, student_number: null })
		.where('id', '=', studentId)
		.where('role', '=', 'student')
		.where('organization_id', '=', organizationId)
		.returning(USER_COLUMNS)
		.executeTakeFirst()
