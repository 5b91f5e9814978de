import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { startSession } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import { authenticator } from './auth.server'
import { loginSchema } from './schema'

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
		const { user, tokens } = await authenticator(context, request).authenticate(
			accountKind(formData),
			// The body is read once (within the form limit); the strategy gets the same fields.
			new Request(request.url, { method: 'POST', body: formData }),
		)
		startSession(context, user, tokens)
		return redirect(safeRedirect(submission.value.redirectTo, dashboardPath[user.role]))
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['password'])
	}
}
