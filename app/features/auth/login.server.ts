import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyStatus, replyWithUpstreamError } from '~/platform/form.server'
import { holdSignIn, pendingSignIn, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { requestTwoFactorRecovery, twoFactorLogin } from './api.server'
import { authenticated, authenticator } from './auth.server'
import { loginSchema, twoFactorCodeSchema, type WayBackAnswer } from '~/features/users/schema'
import { UpstreamError } from '~/platform/upstream-errors'
import { infoToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'

export const TWO_FACTOR_PATH = '/login/two-factor'
// The API's text for an expired challenge (compared), and the same words in the page's language.
/** The API's code for a two-factor step left too long (decision 072). */
const CHALLENGE_EXPIRED = 'challenge_expired'
const challengeExpired = () => t`Your sign-in took too long. Log in again.`
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
				...(result.recoveryReadyAt && { recoveryReadyAt: result.recoveryReadyAt }),
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
 * "I can't use my codes" on the code step (decision 053): the API mails the account a link that
 * turns two-factor off three days after it is followed. Needs the challenge (the password was
 * right); without one the login starts again.
 */
async function askForWayBack(context: Readonly<RouterContextProvider>, request: Request) {
	const pending = pendingSignIn(context)
	if (!pending) {
		sendToast(context, infoToast(challengeExpired()))
		return redirect('/login')
	}
	try {
		const { message } = await requestTwoFactorRecovery(
			upstream(context, request),
			pending.challenge,
		)
		return data<WayBackAnswer>({ wayBack: { sent: true, message } })
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		if (error.code === CHALLENGE_EXPIRED) {
			holdSignIn(context, null)
			sendToast(context, infoToast(challengeExpired()))
			return redirect('/login')
		}
		return data<WayBackAnswer>(
			{ wayBack: { sent: false, message: error.text } },
			{ status: replyStatus(error.status) },
		)
	}
}

/**
 * The second step of a two-factor login: the code opens the session the password alone did not.
 * A wrong code is said by the field (the API throttles them as it does passwords); a step left too
 * long goes back to the login.
 */
export async function logInWithCode(context: Readonly<RouterContextProvider>, request: Request) {
	const pending = pendingSignIn(context)
	const formData = await readForm(request)
	if (formData.get('intent') === 'recovery') return askForWayBack(context, request)
	const submission = parseForm(formData, { schema: twoFactorCodeSchema })
	// No password first (or it was long ago): said on the page, which links back to the login.
	if (!pending) {
		return data(submission.reply({ formErrors: [challengeExpired()], hideFields: ['code'] }), {
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
		if (error instanceof UpstreamError && error.code === CHALLENGE_EXPIRED) {
			holdSignIn(context, null)
			sendToast(context, infoToast(challengeExpired()))
			return redirect('/login')
		}
		return replyWithUpstreamError(context, submission, error, ['code'])
	}
}
