import type { Route } from './+types/ticket'
import { roomTicket } from '~/features/conference/room.server'

/** A room page's script asks here for a new socket ticket after its connection was lost (JSON). */
export function action({ context, request, params }: Route.ActionArgs) {
	return roomTicket(context, request, params.roomId)
}
