import { data, Form, Link } from 'react-router'
import type { Route } from './+types/unsubscribe'
import { unsubscribe } from '~/features/account/api.server'
import { unsubscribeSchema } from '~/features/account/schema'
import { parseForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'

const INVALID_LINK = 'This unsubscribe link is not valid.'

/** The link's token, read from the address: the page's button and a mail client post to it alike. */
const tokenIn = (request: Request) => {
	const form = new FormData()
	form.set('token', new URL(request.url).searchParams.get('token') ?? '')
	return parseForm(form, { schema: unsubscribeSchema })
}

/**
 * Opened from a notification mail's footer link: the visit changes nothing (a mail scanner opens
 * links too); the person confirms with the button.
 */
export function loader({ request }: Route.LoaderArgs) {
	const submission = tokenIn(request)
	return data(
		{ usable: submission.status === 'success', message: null as string | null },
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

/**
 * The button's post, or a mail client's one-click post (RFC 8058: `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe address, with no session and no page before it).
 */
export async function action({ context, request }: Route.ActionArgs) {
	const submission = tokenIn(request)
	const refusal = (message: string) =>
		data({ done: false, message }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	if (submission.status !== 'success') return refusal(INVALID_LINK)
	try {
		const answer = await unsubscribe(upstream(context, request), submission.value.token)
		return data(
			{ done: true, message: answer.message },
			{ headers: { 'Cache-Control': 'no-store' } },
		)
	} catch (error) {
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		return refusal(error instanceof UpstreamError ? error.text : INVALID_LINK)
	}
}

export function meta() {
	return [{ title: 'Unsubscribe | TutorHub' }]
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useSubmitting()
	const answer = actionData ?? (loaderData.usable ? null : { done: false, message: INVALID_LINK })
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<h1 className="text-3xl font-bold">Unsubscribe</h1>
			{answer ? (
				<>
					<p
						role={answer.done ? 'status' : 'alert'}
						className={`mt-6 rounded-md border p-3 text-sm ${answer.done ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
					>
						{answer.message}
					</p>
					<p className="mt-6">
						<Link className="font-semibold text-indigo-800 underline" to="/login">
							Log in to your notification settings
						</Link>
					</p>
				</>
			) : (
				<Form method="post" className="mt-6 flex flex-col gap-4">
					<p className="text-slate-700">
						Stop the mails of the kind this link came with. Your other notification mails stay as
						they are, and you can turn this one on again in your profile.
					</p>
					<Button disabled={submitting}>{submitting ? 'Unsubscribing…' : 'Unsubscribe'}</Button>
				</Form>
			)}
		</div>
	)
}
