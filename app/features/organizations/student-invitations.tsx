import { Plural, Trans, useLingui } from '@lingui/react/macro'
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
	const { t } = useLingui()
	if (!invitations.length && !awaitingVerification) return null
	return (
		<section
			aria-labelledby="invitations-heading"
			className="rounded-lg border border-indigo-200 bg-indigo-50 p-6"
		>
			<h2 id="invitations-heading" className="text-lg font-semibold">
				<Trans>Invitations</Trans>
			</h2>
			{awaitingVerification ? (
				<p className="mt-3">
					<Plural
						value={awaitingVerification}
						one="An organization has invited you to join it. Confirm your email address to see and answer the invitation: follow the link in the mail we sent you."
						other="# organizations have invited you to join them. Confirm your email address to see and answer them: follow the link in the mail we sent you."
					/>
				</p>
			) : null}
			<ul className="mt-3 flex flex-col gap-3">
				{invitations.map((invitation) => {
					const name = invitation.organization.name
					const date = formatCalendarDate(invitation.createdAt, 'UTC', 'long')
					return (
						<li key={invitation.id} className="flex flex-col gap-2">
							<p>
								<Trans>
									<strong>{name}</strong> invited you to join their organization on {date}. If you
									accept, they see your profile and results, and can post announcements to you.
								</Trans>
							</p>
							<div className="flex flex-wrap gap-2">
								<Form method="post">
									<input type="hidden" name="intent" value="accept" />
									<input type="hidden" name="invitationId" value={invitation.id} />
									<Button aria-label={t`Accept the invitation from ${name}`}>
										<Trans>Accept</Trans>
									</Button>
								</Form>
								<Form method="post">
									<input type="hidden" name="intent" value="decline" />
									<input type="hidden" name="invitationId" value={invitation.id} />
									<Button variant="secondary" aria-label={t`Decline the invitation from ${name}`}>
										<Trans>Decline</Trans>
									</Button>
								</Form>
							</div>
						</li>
					)
				})}
			</ul>
		</section>
	)
}

/** A student in an organization may leave it, after saying so twice (works without JavaScript). */
export function LeaveOrganization() {
	const { t } = useLingui()
	return (
		<ConfirmDisclosure
			summary={t`Leave your organization`}
			question={t`Leave your organization? It will no longer see your profile or results.`}
		>
			<Form method="post">
				<input type="hidden" name="intent" value="leave" />
				<button type="submit" className={buttonClass('danger')}>
					<Trans>Yes, leave the organization</Trans>
				</button>
			</Form>
		</ConfirmDisclosure>
	)
}
