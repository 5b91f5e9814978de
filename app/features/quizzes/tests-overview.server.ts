import type { RouterContextProvider } from 'react-router'
import { getTemplates } from '~/features/qa/api.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getQuizHistory } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The tests overview: a few tests to take and the latest results, loaded side by side. */
export async function loadTestsOverview(context: Context, request: Request) {
	const api = upstream(context, request)
	const [templates, history] = await Promise.all([
		settle(getTemplates(api, { limit: 4, isActive: 1 })),
		settle(getQuizHistory(api, { limit: 5 })),
	])
	return { templates, history, timeZone: viewerTimeZone(request).zone }
}
