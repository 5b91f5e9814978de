import { t } from '@lingui/core/macro'
import { data, type RouterContextProvider } from 'react-router'
import { parseForm, readForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { throwPageError } from '~/platform/settle.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { startTwoFactorRecovery } from './api.server'
import { verifyEmailSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const invalidLink = () =>
	t`This link is invalid, used or expired. Log in and ask for a new one on the page that asks for your code.`
const noStore = { 'Cache-Control': 'no-store' }

/**
 * Opened from the mail of "I can't use my codes" (`?token=`, decision 053). The visit changes
 * nothing (a mail scanner opening it starts no wait); the person starts it with the page's button.
 */
export function loadTwoFactorRecovery(request: Request) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const usable = token.length > 0 && token.length <= 200
	return data({ token: usable ? token : null }, { headers: noStore })
}

/** Starts the three-day wait; the page says when two-factor turns off, or why the link failed. */
export async function startTwoFactorRecoveryAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: verifyEmailSchema })
	if (submission.status !== 'success') {
		return data({ started: false, message: invalidLink() }, { status: 400, headers: noStore })
	}
	try {
		const { message } = await startTwoFactorRecovery(
			upstream(context, request),
			submission.value.token,
		)
		return data({ started: true, message }, { headers: noStore })
	} catch (error) {
		if (error instanceof UpstreamError && (error.status === undefined || error.status >= 500))
			throwPageError(error)
		const message = error instanceof UpstreamError ? error.text : invalidLink()
		return data({ started: false, message }, { status: 400, headers: noStore })
	}
}
