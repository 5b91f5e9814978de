import { t } from '@lingui/core/macro'
import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm } from '~/platform/form.server'
import { currentUser, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { getAccount, isVerificationLinkUsable, verifyEmail } from './api.server'
import { verifyEmailSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const invalidLink = () =>
	t`This verification link is invalid, used or expired. Ask for a new one from your dashboard.`

const refusal = (context: Context, message: string) => {
	const user = currentUser(context)
	return data(
		{ token: null, message, next: user ? dashboardPath[user.role] : null },
		{ status: 400, headers: { 'Cache-Control': 'no-store' } },
	)
}

/**
 * Opened from a verification mail (`?token=`). The visit only asks whether the link works: a mail
 * scanner or a chat preview opening it changes nothing (issue 29). The person confirms with the
 * page's button, a plain form post.
 */
export async function loadVerifyEmail(context: Context, request: Request) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const usable =
		token.length > 0 &&
		token.length <= 200 &&
		// The API down or failing is not a bad link: the page says what happened, in its area.
		(await isVerificationLinkUsable(upstream(context, request), token).catch(throwPageError))
	if (!usable) return refusal(context, invalidLink())
	return data({ token, message: null, next: null }, { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Confirms the address, then goes on to the dashboard (signed in) or the login page, with the
 * answer as a toast.
 */
export async function verifyEmailAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: verifyEmailSchema })
	if (submission.status !== 'success') return refusal(context, invalidLink())
	const api = upstream(context, request)
	let verified: Awaited<ReturnType<typeof verifyEmail>>
	try {
		verified = await verifyEmail(api, submission.value.token)
	} catch (error) {
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		return refusal(context, error instanceof UpstreamError ? error.text : invalidLink())
	}
	const user = currentUser(context)
	if (user) {
		// The link may have been another account's: the session learns its own account's state.
		const account = await getAccount(api).catch(() => null)
		const tokens = api.tokens()
		if (account && tokens)
			startSession(
				context,
				{ ...user, email: account.email, emailVerified: account.emailVerified },
				tokens,
			)
	}
	sendToast(context, successToast(verified.message))
	if (user) return redirect(dashboardPath[user.role])
	return redirect(verified.accountType === 'organization' ? '/login?as=organization' : '/login')
}
