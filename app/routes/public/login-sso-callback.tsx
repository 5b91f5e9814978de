import { t } from '@lingui/core/macro'
import type { Route } from './+types/login-sso-callback'
import { SchoolSignInRefusedPage } from '~/features/sso/sign-in-pages'
import { finishSchoolSignIn } from '~/features/sso/sign-in.server'

// Where the school's identity provider sends the browser back (its registered redirect URI).
export async function loader({ context, request }: Route.LoaderArgs) {
	return finishSchoolSignIn(context, request)
}

export function meta() {
	return [{ title: t`Sign in with your school | TutorHub` }]
}

export default function LoginSsoCallback({ loaderData }: Route.ComponentProps) {
	return <SchoolSignInRefusedPage message={loaderData.message} />
}
