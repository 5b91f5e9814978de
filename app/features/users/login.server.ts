import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { holdSignIn, pendingSignIn, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { twoFactorLogin } from './api.server'
import { authenticated, authenticator } from './auth.server'
import { loginSchema, twoFactorCodeSchema } from './schema'
import { UpstreamError } from '~/platform/upstream-errors'
import { infoToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'

export const TWO_FACTOR_PATH = '/login/two-factor'
const CHALLENGE_EXPIRED = 'Your sign-in took too long. Log in again.'
/** People (students, teachers) and organizations log in through separate calls. */
function accountKind(form: FormData) {
	return form.get('as') === 'organization' ? 'organization' : 'user'
}

/** The login form: a session and the way on (where the visitor was going, else their dashboard). */
export async function logIn(context: Readonly<RouterContextProvider>, request: Request) {
	const formData = await readForm(request)
	const submission = parseForm(formData, { schema: loginSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
	}
	try {
		const result = await authenticator(context, request).authenticate(
			accountKind(formData),
			// The body is read once (within the form limit); the strategy gets the same fields.
			new Request(request.url, { method: 'POST', body: formData }),
		)
		if ('challenge' in result) {
			holdSignIn(context, {
				challenge: result.challenge,
				redirectTo: safeRedirect(submission.value.redirectTo, ''),
			})
			return redirect(TWO_FACTOR_PATH)
		}
		startSession(context, result.user, result.tokens)
		const next = safeRedirect(submission.value.redirectTo, dashboardPath[result.user.role])
		return redirect(next)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['password'])
	}
}

/**
 * The second step of a two-factor login: the code opens the session the password alone did not.
 * A wrong code is said by the field (the API throttles them as it does passwords); a step left too
 * long goes back to the login.
 */
export async function logInWithCode(context: Readonly<RouterContextProvider>, request: Request) {
	const pending = pendingSignIn(context)
	const submission = parseForm(await readForm(request), { schema: twoFactorCodeSchema })
	// No password first (or it was long ago): said on the page, which links back to the login.
	if (!pending) {
		return data(submission.reply({ formErrors: [CHALLENGE_EXPIRED], hideFields: ['code'] }), {
			status: 400,
		})
	}
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['code'] }), { status: 400 })
	}
	try {
		const { user } = await twoFactorLogin(
			upstream(context, request),
			pending.challenge,
			submission.value.code,
		)
		const { user: signedIn, tokens } = authenticated(user)
		startSession(context, signedIn, tokens)
		const next = safeRedirect(pending.redirectTo, dashboardPath[signedIn.role])
		return redirect(next)
	} catch (error) {
		if (error instanceof UpstreamError && error.text === CHALLENGE_EXPIRED) {
			holdSignIn(context, null)
			sendToast(context, infoToast(CHALLENGE_EXPIRED))
			return redirect('/login')
		}
		return replyWithUpstreamError(context, submission, error, ['code'])
	}
}
