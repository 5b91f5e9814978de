import type { Route } from './+types/login-sso-link'
import { linkSchoolSignIn } from '~/features/sso/sign-in.server'
import { requireUser } from '~/platform/request.server'

// After a password login that a school sign-in waited for: links it, then the dashboard.
export async function loader({ context, request }: Route.LoaderArgs) {
	return linkSchoolSignIn(context, request, requireUser(context, request))
}
