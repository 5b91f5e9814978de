import { redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { getQuizSession } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadQuizResult(
	context: Context,
	request: Request,
	params: { sessionId: string },
) {
	const session = await needed(getQuizSession(upstream(context, request), params.sessionId), {
		refusedAsMissing: true,
	})
	// Still running: the result is not ready, the test is.
	if (session.status === 'in_progress' || !session.result) {
		throw redirect(
			`/studentdashboard/test/${encodeURIComponent(session.templateId ?? '')}?session=${encodeURIComponent(session.id)}`,
		)
	}
	return { session, result: session.result, timeZone: viewerTimeZone(request).zone }
}
