import { data } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { unsubscribe } from './api.server'
import { unsubscribeInvalidLink, unsubscribeSchema } from './schema'

type Context = Readonly<RouterContextProvider>

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
export function loadUnsubscribe(request: Request) {
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
export async function unsubscribeAction(context: Context, request: Request) {
	const submission = tokenIn(request)
	const refusal = (message: string) =>
		data({ done: false, message }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	if (submission.status !== 'success') return refusal(unsubscribeInvalidLink())
	try {
		const answer = await unsubscribe(upstream(context, request), submission.value.token)
		return data(
			{ done: true, message: answer.message },
			{ headers: { 'Cache-Control': 'no-store' } },
		)
	} catch (error) {
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		return refusal(error instanceof UpstreamError ? error.text : unsubscribeInvalidLink())
	}
}
