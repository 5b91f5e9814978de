import { redirect, type RouterContextProvider } from 'react-router'
import { readForm } from '~/platform/form.server'
import { startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import type { SessionUser } from '~/platform/session.server'
import { infoToast, successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { resendVerification } from './api.server'

/** The banner's Resend (any dashboard page): a new verification mail, then back to that page with a toast. */
export async function resendVerificationAction(
	context: Readonly<RouterContextProvider>,
	request: Request,
	user: SessionUser,
) {
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
