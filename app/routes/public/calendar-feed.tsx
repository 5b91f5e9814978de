import type { Route } from './+types/calendar-feed'
import { openCalendarFeedFile } from '~/features/schedules/calendar-feed.server'

/**
 * Resource route: a student's or teacher's private calendar feed, `/calendar/{token}.ics`, which
 * calendar apps fetch without a session (the address is the secret). An unknown or reset address
 * is a 404; an answer that is not a calendar is the upstream's failure (502), never passed on as
 * one. Apps poll it, so they may keep it but must ask again each time (no-cache).
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
	return openCalendarFeedFile(context, request, params.token.replace(/\.ics$/, ''))
}
