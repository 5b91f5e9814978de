import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/verify-email'
import { getAccount, isVerificationLinkUsable, verifyEmail } from '~/features/account/api.server'
import { verifyEmailSchema } from '~/features/account/schema'
import { parseForm, readForm } from '~/platform/form.server'
import { currentUser, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'

const INVALID_LINK =
	'This verification link is invalid, used or expired. Ask for a new one from your dashboard.'

const refusal = (context: Route.LoaderArgs['context'], message: string) => {
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
export async function loader({ context, request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const usable =
		token.length > 0 &&
		token.length <= 200 &&
		// The API down or failing is not a bad link: the page says what happened, in its area.
		(await isVerificationLinkUsable(upstream(context, request), token).catch(throwPageError))
	if (!usable) return refusal(context, INVALID_LINK)
	return data({ token, message: null, next: null }, { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Confirms the address, then goes on to the dashboard (signed in) or the login page, with the
 * answer as a toast.
 */
export async function action({ context, request }: Route.ActionArgs) {
	const submission = parseForm(await readForm(request), { schema: verifyEmailSchema })
	if (submission.status !== 'success') return refusal(context, INVALID_LINK)
	const api = upstream(context, request)
	let verified: Awaited<ReturnType<typeof verifyEmail>>
	try {
		verified = await verifyEmail(api, submission.value.token)
	} catch (error) {
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		return refusal(context, error instanceof UpstreamError ? error.text : INVALID_LINK)
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

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
	const { token } = loaderData
	const refused = actionData ?? (token ? null : loaderData)
	const confirming = useSubmitting()
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Verify your email address</h1>
			{refused ? (
				<>
					<p
						role="alert"
						className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
					>
						{refused.message}
					</p>
					<p className="mt-6">
						<Link className="font-semibold text-indigo-800 underline" to={refused.next ?? '/login'}>
							{refused.next ? 'Go to your dashboard' : 'Log in'}
						</Link>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 flex flex-col gap-4">
					<p className="text-slate-700">
						Confirm that you asked for this TutorHub account or email change and that this mailbox
						is yours.
					</p>
					<input type="hidden" name="token" value={token ?? ''} />
					<Button disabled={confirming}>
						{confirming ? 'Confirming…' : 'Confirm my email address'}
					</Button>
				</Form>
			)}
		</div>
	)
}
