import type { Route } from './+types/ticket'
import { roomTicket } from '~/features/conference/room.server'

/** Only posted to: a GET is told so. */
export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}

/** A room page's script asks here for a new socket ticket after its connection was lost (JSON). */
export function action({ context, request, params }: Route.ActionArgs) {
	return roomTicket(context, request, params.roomId)
}
