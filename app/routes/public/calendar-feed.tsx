import { data } from 'react-router'
import type { Route } from './+types/calendar-feed'
import { openCalendarFeed } from '~/features/schedules/api.server'
import { download } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/**
 * Resource route: a student's or teacher's private calendar feed, `/calendar/{token}.ics`, which
 * calendar apps fetch without a session (the address is the secret). An unknown or reset address
 * is a 404; an answer that is not a calendar is the upstream's failure (502), never passed on as
 * one. Apps poll it, so they may keep it but must ask again each time (no-cache).
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
	const token = params.token.replace(/\.ics$/, '')
	return download(
		async () => {
			// A calendar app's If-None-Match or If-Modified-Since goes on: an unchanged feed is a 304.
			const answer = await openCalendarFeed(upstream(context, request), token, request.headers)
			if (answer.status === 304) return answer
			if (!answer.headers.get('content-type')?.startsWith('text/calendar')) {
				await answer.body?.cancel()
				throw data('Failed to fetch calendar', { status: 502 })
			}
			return answer
		},
		{ cache: 'private, no-cache' },
	)
}
