import { loadForgotPassword, forgotPasswordAction } from '~/features/account/forgot-password.server'
import { ForgotPasswordPage } from '~/features/account/forgot-password-page'
import type { Route } from './+types/forgot-password'

export function loader({ context }: Route.LoaderArgs) {
	return loadForgotPassword(context)
}

export function action({ context, request }: Route.ActionArgs) {
	return forgotPasswordAction(context, request)
}

export function meta() {
	return [{ title: 'Forgot password | TutorHub' }]
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	return <ForgotPasswordPage actionData={actionData} />
}
