import type { Route } from './+types/login-sso-start'
import { startSchoolSignIn } from '~/features/sso/sign-in.server'

// An organization's sign-in button: on to its identity provider (or back, saying why not).
export async function loader({ context, request, params }: Route.LoaderArgs) {
	return startSchoolSignIn(context, request, params.organizationId)
}
