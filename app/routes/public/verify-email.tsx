import { t } from '@lingui/core/macro'
import type { Route } from './+types/verify-email'
import { loadVerifyEmail, verifyEmailAction } from '~/features/account/verify-email.server'
import { VerifyEmailPage } from '~/features/account/verify-email-page'

/**
 * Opened from a verification mail (`?token=`). The visit only asks whether the link works: a mail
 * scanner or a chat preview opening it changes nothing (issue 29). The person confirms with the
 * page's button, a plain form post.
 */
export function loader({ context, request }: Route.LoaderArgs) {
	return loadVerifyEmail(context, request)
}

/**
 * Confirms the address, then goes on to the dashboard (signed in) or the login page, with the
 * answer as a toast.
 */
export function action({ context, request }: Route.ActionArgs) {
	return verifyEmailAction(context, request)
}

export function meta() {
	return [{ title: t`Verify email | TutorHub` }]
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
	return <VerifyEmailPage loaderData={loaderData} actionData={actionData} />
}
