import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { quotedName } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { ApiDeps } from '../platform/context.ts'
import type { OrganizationInvitationsTable } from '../schema.ts'
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
