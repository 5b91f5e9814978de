import { data, redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireUser, upstream } from '~/platform/request.server'
import { findStudent } from './api.server'
import { findStudentSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/** Tutors and organizations only (the API's rule for POST /auth/get-student). */
function requireFinder(context: Context, request: Request) {
	const user = requireUser(context, request)
	if (user.role === 'student') throw redirect('/unauthorized')
	return user
}

export function loadFindStudent(context: Context, request: Request) {
	const user = requireFinder(context, request)
	return { role: user.role }
}

export async function findStudentAction(context: Context, request: Request) {
	requireFinder(context, request)
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
