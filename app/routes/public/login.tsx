import type { Route } from './+types/login'
import { LoginPage } from '~/features/users/login-page'
import { logIn } from '~/features/users/login.server'
import { linkWaitingFor } from '~/features/sso/sign-in.server'
import { redirectSignedIn } from '~/platform/request.server'

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return { linking: linkWaitingFor(context) }
}

export async function action({ context, request }: Route.ActionArgs) {
	redirectSignedIn(context)
	return logIn(context, request)
}

export function meta() {
	return [{ title: 'Log in | TutorHub' }]
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
	return <LoginPage actionData={actionData} linking={loaderData.linking} />
}
