import { redirect } from 'react-router'
import type { Route } from './+types/resend-verification'
import { resendVerificationAction } from '~/features/account/resend-verification.server'
import { requireUser } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'

export function loader({ context, request }: Route.LoaderArgs) {
	return redirect(dashboardPath[requireUser(context, request).role])
}

/** The banner's Resend (any dashboard page): a new verification mail, then back to that page with a toast. */
export function action({ context, request }: Route.ActionArgs) {
	const user = requireUser(context, request)
	return resendVerificationAction(context, request, user)
}
