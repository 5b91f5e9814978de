import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { getQuizHistoryEntry } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadQuizSummary(
	context: Context,
	request: Request,
	params: { testHistoryId: string },
) {
	const entry = await needed(
		getQuizHistoryEntry(upstream(context, request), params.testHistoryId),
		{
			refusedAsMissing: true,
		},
	)
	return { entry, timeZone: viewerTimeZone(request).zone }
}
