import { t } from '@lingui/core/macro'
import type { Route } from './+types/login'
import { LoginPage } from '~/features/auth/login-page'
import { logIn } from '~/features/auth/login.server'
import { redirectSignedIn } from '~/platform/request.server'

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	redirectSignedIn(context)
	return logIn(context, request)
}

export function meta() {
	return [{ title: t`Log in | TutorHub` }]
}

export default function Login({ actionData }: Route.ComponentProps) {
	return <LoginPage actionData={actionData} />
}
