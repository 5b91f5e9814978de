import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/verify-email'
import { getAccount, verifyEmail } from '~/features/account/api.server'
import { currentUser, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'

/**
 * Opened from a verification mail (`?token=`). Following the link is the proof the mailbox is the
 * user's, so the visit itself confirms the address, then goes on to the dashboard (signed in) or
 * the login page, with the answer as a toast; the token leaves the address bar.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const api = upstream(context, request)
	let verified: Awaited<ReturnType<typeof verifyEmail>>
	try {
		if (!token || token.length > 200) throw new Error('no token')
		verified = await verifyEmail(api, token)
	} catch (error) {
		// The API down or failing is not a bad link: the page says what happened, in its area.
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		const message =
			error instanceof UpstreamError
				? error.text
				: 'This verification link is invalid, used or expired. Ask for a new one from your dashboard.'
		const user = currentUser(context)
		return data(
			{ message, next: user ? dashboardPath[user.role] : null },
			{ status: 400, headers: { 'Cache-Control': 'no-store' } },
		)
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

export function meta() {
	return [{ title: 'Verify email | TutorHub' }]
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Verify your email address</h1>
			<p
				role="alert"
				className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
			>
				{loaderData.message}
			</p>
			<p className="mt-6">
				<Link className="font-semibold text-indigo-800 underline" to={loaderData.next ?? '/login'}>
					{loaderData.next ? 'Go to your dashboard' : 'Log in'}
				</Link>
			</p>
		</div>
	)
}
