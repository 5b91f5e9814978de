import { t } from '@lingui/core/macro'
import type { Route } from './+types/forgot-password'
import { loadForgotPassword, forgotPasswordAction } from '~/features/account/forgot-password.server'
import { ForgotPasswordPage } from '~/features/account/forgot-password-page'

export function loader({ context }: Route.LoaderArgs) {
	return loadForgotPassword(context)
}

export function action({ context, request }: Route.ActionArgs) {
	return forgotPasswordAction(context, request)
}

export function meta() {
	return [{ title: t`Forgot password | TutorHub` }]
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	return <ForgotPasswordPage actionData={actionData} />
}
