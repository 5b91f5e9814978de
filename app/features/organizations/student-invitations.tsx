import { Form } from 'react-router'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmDisclosure } from '~/ui/confirm-disclosure'
import type { ReceivedInvitation } from './schema'
import { formatCalendarDate } from '~/platform/dates'

/**
 * On the student's dashboard: organizations that invited them, each to accept or decline. Until
 * the student confirms their email, only that invitations wait is said (an invitation is for
 * whoever holds the mailbox, issue 29).
 */
export function StudentInvitations({
	invitations,
	awaitingVerification = 0,
}: {
	invitations: ReceivedInvitation[]
	awaitingVerification?: number
}) {
	if (!invitations.length && !awaitingVerification) return null
	return (
		<section
			aria-labelledby="invitations-heading"
			className="rounded-lg border border-indigo-200 bg-indigo-50 p-6"
		>
			<h2 id="invitations-heading" className="text-lg font-semibold">
				Invitations
			</h2>
			{awaitingVerification ? (
				<p className="mt-3">
					{awaitingVerification === 1
						? 'An organization has invited you to join it.'
						: `${awaitingVerification} organizations have invited you to join them.`}{' '}
					Confirm your email address to see and answer{' '}
					{awaitingVerification === 1 ? 'the invitation' : 'them'}: follow the link in the mail we
					sent you.
				</p>
			) : null}
			<ul className="mt-3 flex flex-col gap-3">
				{invitations.map((invitation) => (
					<li key={invitation.id} className="flex flex-col gap-2">
						<p>
							<strong>{invitation.organization.name}</strong> invited you to join their organization
							on {formatCalendarDate(invitation.createdAt, 'UTC', 'long')}. If you accept, they see
							your profile and results, and can post announcements to you.
						</p>
						<div className="flex flex-wrap gap-2">
							<Form method="post">
								<input type="hidden" name="intent" value="accept" />
								<input type="hidden" name="invitationId" value={invitation.id} />
								<Button aria-label={`Accept the invitation from ${invitation.organization.name}`}>
									Accept
								</Button>
							</Form>
							<Form method="post">
								<input type="hidden" name="intent" value="decline" />
								<input type="hidden" name="invitationId" value={invitation.id} />
								<Button
									variant="secondary"
									aria-label={`Decline the invitation from ${invitation.organization.name}`}
								>
									Decline
								</Button>
							</Form>
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}

/** A student in an organization may leave it, after saying so twice (works without JavaScript). */
export function LeaveOrganization() {
	return (
		<ConfirmDisclosure
			summary="Leave your organization"
			question="Leave your organization? It will no longer see your profile or results."
		>
			<Form method="post">
				<input type="hidden" name="intent" value="leave" />
				<button type="submit" className={buttonClass('danger')}>
					Yes, leave the organization
				</button>
			</Form>
		</ConfirmDisclosure>
	)
}
