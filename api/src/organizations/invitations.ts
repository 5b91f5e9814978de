import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { accountLimitsOf } from '../account/limits.ts'
import { quotedName } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import type { OrganizationInvitationsTable } from '../schema.ts'
import { findUserByEmail } from '../users/repository.ts'
import { inviteStudent, type OrganizationRow } from './repository.ts'
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
