import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { accountLimitsOf } from '../account/limits.ts'
import { findAccount } from '../account/repository.ts'
import type { Db } from '../db.ts'
import { quotedName } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import type { OrganizationInvitationsTable } from '../schema.ts'
import { findUser, findUserByEmail } from '../users/repository.ts'
import type { invitationList } from '../users/schemas.ts'
import {
	answerInvitation,
	invitationsFor,
	inviteStudent,
	leaveOrganization,
	type OrganizationRow,
} from './repository.ts'
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
		subject: ({ say }) => say('An organization invites you to join it on TutorHub'),
		paragraphs: [
			({ say }) =>
				say(
					'The organization {organization} invites you to join it on TutorHub. You join only if you accept: open your dashboard to accept or decline.',
					{ organization: quotedName(organization.name) },
				),
		],
		actionLabel: ({ say }) => say('Answer the invitation'),
	})
}

export const ALREADY_MEMBER = 'This student is already in your organization'

/**
 * The organization invites the student with this email: the invitation, and whether it is new (an
 * open one is answered again). The answer is the same whether or not an account has the email.
 */
export async function inviteByEmail(deps: ApiDeps, organization: OrganizationRow, email: string) {
	const limits = accountLimitsOf(deps)
	await limits.invitationSent(organization.id)
	const member = await findUserByEmail(deps.db, email)
	if (member?.organization_id === organization.id) throw new ApiError(409, ALREADY_MEMBER)
	const { invitation, created } = await inviteStudent(deps.db, organization.id, email)
	// A student with an account hears of it; an email with none gets nothing (no account is made
	// for it, and the organization's answer is the same either way). An address that had its share
	// of mails hears of it on the dashboard only (invite-then-cancel loops).
	if (created && member?.role === 'student' && (await limits.mayMail(member.email)))
		notifyInvited(deps, organization, [member.id])
	return { invitation: toInvitation(invitation), created }
}

// The student's side: invitations and leaving (the calls under /users, moved from users/routes.ts, decision 060).

export const CONFIRM_EMAIL_FIRST =
	'Confirm your email address before you answer an invitation: follow the link in the mail we sent you, or ask for a new one from your dashboard.'

/** The student an invitation is addressed to, with whether their email is proven theirs. */
async function invitedStudent(db: Db, id: string) {
	const student = await findAccount(db, { accountType: 'user', accountId: id })
	if (!student) throw new ApiError(404, 'User not found')
	return student
}

/**
 * The open invitations to the student's email. An invitation is addressed to a mailbox: until the
 * account proves it holds that mailbox, it learns only that some wait, not who sent them (issue 29).
 */
export async function receivedInvitations(
	db: Db,
	studentId: string,
): Promise<z.input<typeof invitationList>> {
	const student = await invitedStudent(db, studentId)
	const rows = await invitationsFor(db, student.email)
	if (!student.emailVerified) return { invitations: [], waitingForVerification: rows.length }
	return {
		invitations: rows.map((row) => ({
			id: row.id,
			organization: { id: row.organization_id, name: row.organization_name },
			createdAt: row.created_at.toISOString(),
		})),
		waitingForVerification: 0,
	}
}

/** The student accepts or declines an invitation, only from a verified email. */
export async function answerInvitationOf(
	db: Db,
	studentId: string,
	invitationId: string,
	accept: boolean,
) {
	const student = await invitedStudent(db, studentId)
	if (!student.emailVerified) throw new ApiError(403, CONFIRM_EMAIL_FIRST)
	const answer = { id: student.accountId, email: student.email }
	if (!(await answerInvitation(db, answer, invitationId, accept))) {
		throw new ApiError(404, 'Invitation not found')
	}
	return { message: accept ? 'Invitation accepted' : 'Invitation declined' }
}

export const NOT_IN_ORGANIZATION = 'You are not in an organization'

/** The student leaves their organization and keeps their account. */
export async function leaveOwnOrganization(db: Db, studentId: string) {
	const student = await findUser(db, studentId)
	if (!student?.organization_id) throw new ApiError(409, NOT_IN_ORGANIZATION)
	await leaveOrganization(db, student.id, student.organization_id)
	return { message: 'You left the organization' }
}
