import { ConnectionNotice } from './presence'
import { RoomSide } from './room-side'
import type { ChatMessage, Room } from './schema'
import { useRoomSocket } from './use-room-socket'
import { Whiteboard } from './whiteboard'

/** The whiteboard room: the shared board, who else is here, and the room's chat. */
export default function WhiteboardIsland({
	room,
	ticket,
	messages,
}: {
	room: Room
	ticket: string | null
	messages: ChatMessage[]
}) {
	const socket = useRoomSocket({
		roomId: room.id,
		ticket,
		view: 'whiteboard',
		initialMessages: messages,
	})
	return (
		<div className="flex flex-col gap-4">
			<ConnectionNotice status={socket.status} notice={socket.notice} split={socket.split} />
			<div className="grid gap-4 lg:grid-cols-[3fr_1fr]">
				<Whiteboard doc={socket.doc} canClear={room.role === 'host'} />
				<RoomSide socket={socket} />
			</div>
		</div>
	)
}
