import { t } from '@lingui/core/macro'
import type { Route } from './+types/login-two-factor'
import { TwoFactorLoginPage } from '~/features/auth/two-factor-login-page'
import { logInWithCode } from '~/features/auth/login.server'
import { pendingSignIn, redirectSignedIn } from '~/platform/request.server'

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	const pending = pendingSignIn(context)
	return { pending: pending !== null, recoveryReadyAt: pending?.recoveryReadyAt ?? null }
}

export async function action({ context, request }: Route.ActionArgs) {
	redirectSignedIn(context)
	return logInWithCode(context, request)
}

export function meta() {
	return [{ title: t`Two-factor sign-in | TutorHub` }]
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<TwoFactorLoginPage
			pending={loaderData.pending}
			recoveryReadyAt={loaderData.recoveryReadyAt}
			actionData={actionData}
		/>
	)
}
