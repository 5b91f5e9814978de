import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { pageParam } from '~/platform/page-param'
import { getQuizHistory } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadQuizResults(context: Context, request: Request) {
	const history = await settle(
		getQuizHistory(upstream(context, request), {
			page: pageParam(new URL(request.url).searchParams),
		}),
	)
	return { history, timeZone: viewerTimeZone(request).zone }
}
