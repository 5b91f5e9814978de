import { t } from '@lingui/core/macro'
import type { Route } from './+types/reset-password'
import { loadResetPassword, resetPasswordAction } from '~/features/account/reset-password.server'
import { ResetPasswordPage } from '~/features/account/reset-password-page'

/** Opened from the reset mail: `?token=` (and `as=organization` for an organization's login). */
export function loader({ context, request }: Route.LoaderArgs) {
	return loadResetPassword(context, request)
}

export function action({ context, request }: Route.ActionArgs) {
	return resetPasswordAction(context, request)
}

export function meta() {
	return [{ title: t`Choose a new password | TutorHub` }]
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	return <ResetPasswordPage loaderData={loaderData} actionData={actionData} />
}
