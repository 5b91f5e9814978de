import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { findStudent } from './api.server'
import { findStudentSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/**
 * Teachers and organizations only (the API's rule for POST /auth/get-student). The page is not in
 * a guarded area: its route signs the user in and passes them here.
 */
function requireFinder(user: SessionUser) {
	if (user.role === 'student') throw redirect('/unauthorized')
	return user
}

export function loadFindStudent(user: SessionUser) {
	return { role: requireFinder(user).role }
}

export async function findStudentAction(context: Context, request: Request, user: SessionUser) {
	requireFinder(user)
	const submission = parseForm(await readForm(request), { schema: findStudentSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply(), student: null }, { status: 400 })
	try {
		const student = await findStudent(upstream(context, request), submission.value.email)
		return { result: submission.reply(), student }
	} catch (error) {
		const reply = replyWithUpstreamError(context, submission, error)
		return data({ result: reply.data, student: null }, reply.init ?? undefined)
	}
}
