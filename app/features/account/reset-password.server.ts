import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { redirectSignedIn, upstream } from '~/platform/request.server'
import { throwPageError } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { isResetLinkUsable, resetPassword } from './api.server'
import { resetPasswordSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const asOf = (value: string | null) => (value === 'organization' ? 'organization' : 'user')

/** Opened from the reset mail: `?token=` (and `as=organization` for an organization's login). */
export async function loadResetPassword(context: Context, request: Request) {
	redirectSignedIn(context)
	const url = new URL(request.url)
	const token = url.searchParams.get('token') ?? ''
	const as = asOf(url.searchParams.get('as'))
	// Asked, not spent: a mail scanner opening the link changes nothing.
	const usable =
		token.length > 0 &&
		token.length <= 200 &&
		// The API down or failing: the page says so in its area, never the crash screen.
		(await isResetLinkUsable(upstream(context, request), token).catch(throwPageError))
	return { token: usable ? token : null, as }
}

export async function resetPasswordAction(context: Context, request: Request) {
	redirectSignedIn(context)
	const submission = parseForm(await readForm(request), { schema: resetPasswordSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['password', 'confirmPassword'] }), { status: 400 })
	}
	const { token, password, as } = submission.value
	try {
		const { message } = await resetPassword(upstream(context, request), token, password)
		sendToast(context, successToast(message))
		return redirect(as === 'organization' ? '/login?as=organization' : '/login')
	} catch (error) {
		// A used or expired link: its own words, not a field's.
		if (
			error instanceof UpstreamError &&
			error.fieldErrors.some((field) => field.path === 'token')
		) {
			return data(
				submission.reply({ formErrors: [error.text], hideFields: ['password', 'confirmPassword'] }),
				{ status: 400 },
			)
		}
		return replyWithUpstreamError(context, submission, error, ['password', 'confirmPassword'])
	}
}
