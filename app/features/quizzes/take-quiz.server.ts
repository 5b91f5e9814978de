import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getTemplate } from '~/features/qa/api.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle, throwPageError } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { getQuizSession, startQuizSession, submitQuiz } from './api.server'
import { quizResultPath } from './paths'
import { progressFromForm, takeQuizActionSchema } from './schema'

type Context = Readonly<RouterContextProvider>

const notFound = (error: unknown) =>
	error instanceof UpstreamError &&
	(error.status === 404 || error.status === 400 || error.status === 403)

/**
 * Without `?session=` the page introduces the test and offers to start it; with it, the test
 * itself. Starting again resumes an open attempt, so the session in the URL survives reloads.
 */
export async function loadTakeQuiz(context: Context, request: Request, templateId: string) {
	const api = upstream(context, request)
	const sessionId = new URL(request.url).searchParams.get('session')
	if (sessionId) {
		let session
		try {
			session = await getQuizSession(api, sessionId)
		} catch (error) {
			if (notFound(error)) throw data(null, { status: 404 })
			// The API slow or failing: the area's error page with the spec's text, never a 500.
			throwPageError(error)
		}
		if (session.status !== 'in_progress') throw redirect(quizResultPath(session.id))
		return {
			mode: 'session' as const,
			session,
			templateId,
			timeZone: viewerTimeZone(request).zone,
		}
	}
	const template = await settle(
		getTemplate(api, templateId).catch((error: unknown) => {
			if (notFound(error)) throw data(null, { status: 404 })
			throw error
		}),
	)
	return { mode: 'intro' as const, template, templateId }
}

/**
 * Start (or resume) the attempt, or submit the whole test as one form without JavaScript (one
 * schema over `intent`): the server checks the time either way. Every refusal is the form's
 * own message, in the page's one alert.
 */
export async function takeQuizAction(context: Context, request: Request, templateId: string) {
	const formData = await readForm(request)
	const submission = parseForm(formData, { schema: takeQuizActionSchema })
	const sessionId = new URL(request.url).searchParams.get('session')
	const notStarted = () =>
		data(submission.reply({ formErrors: [t`Start the test first.`] }), { status: 400 })
	if (submission.status !== 'success') return notStarted()
	const api = upstream(context, request)
	try {
		switch (submission.value.intent) {
			case 'start': {
				const { session } = await startQuizSession(api, templateId)
				return redirect(
					`/studentdashboard/test/${encodeURIComponent(templateId)}?session=${encodeURIComponent(session.id)}`,
				)
			}
			case 'submit':
				if (!sessionId) return notStarted()
				await submitQuiz(api, sessionId, progressFromForm(formData))
				sendToast(context, successToast(t`Test submitted successfully!`))
				return redirect(quizResultPath(sessionId))
		}
	} catch (error) {
		// Already submitted (another tab, the timer): its result is where the user wants to be.
		if (error instanceof UpstreamError && error.status === 409 && sessionId) {
			sendToast(context, error.toast)
			return redirect(quizResultPath(sessionId))
		}
		return replyWithUpstreamError(context, submission, error)
	}
}
