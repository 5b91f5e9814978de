import { data } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { redirectSignedIn, upstream } from '~/platform/request.server'
import { requestPasswordReset } from './api.server'
import { forgotPasswordSchema } from './schema'

type Context = Readonly<RouterContextProvider>

export function loadForgotPassword(context: Context) {
	redirectSignedIn(context)
	return null
}

export async function forgotPasswordAction(context: Context, request: Request) {
	redirectSignedIn(context)
	const submission = parseForm(await readForm(request), { schema: forgotPasswordSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply(), sent: null }, { status: 400 })
	try {
		const { message } = await requestPasswordReset(
			upstream(context, request),
			submission.value.email,
			submission.value.as,
		)
		// The same answer whether or not the email has an account (the API's own words).
		return { result: submission.reply({ resetForm: true }), sent: message }
	} catch (error) {
		const reply = replyWithUpstreamError(context, submission, error)
		return data({ result: reply.data, sent: null }, reply.init ?? undefined)
	}
}
