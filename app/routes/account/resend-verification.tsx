import { redirect } from 'react-router'
import type { Route } from './+types/resend-verification'
import { resendVerification } from '~/features/account/api.server'
import { readForm } from '~/platform/form.server'
import { requireUser, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { infoToast, successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'

export function loader({ context, request }: Route.LoaderArgs) {
	return redirect(dashboardPath[requireUser(context, request).role])
}

/** The banner's Resend (any dashboard page): a new verification mail, then back to that page with a toast. */
export async function action({ context, request }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const back = safeRedirect((await readForm(request)).get('returnTo'), dashboardPath[user.role])
	const api = upstream(context, request)
	try {
		const { message } = await resendVerification(api)
		sendToast(context, successToast(message))
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		if (error.status === 409) {
			// Verified meanwhile (in another browser): the banner goes.
			const tokens = api.tokens()
			if (tokens) startSession(context, { ...user, emailVerified: true }, tokens)
			sendToast(context, infoToast(error.text))
		} else {
			sendToast(context, error.toast)
		}
	}
	return redirect(back)
}
