import type { Route } from './+types/calendar-feed'
import { openCalendarFeed } from '~/features/schedules/api.server'
import { download } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/**
 * Resource route: a student's or teacher's private calendar feed, `/calendar/{token}.ics`, which
 * calendar apps fetch without a session (the address is the secret). An unknown or reset address
 * is a 404. Apps poll it, so they may keep it briefly but must ask again each time (no-cache).
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
	const token = params.token.replace(/\.ics$/, '')
	return download(() => openCalendarFeed(upstream(context, request), token), {
		cache: 'private, no-cache',
	})
}
