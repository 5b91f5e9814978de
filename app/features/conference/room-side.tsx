import { LiveChat } from './chat'
import { ParticipantList } from './presence'
import type { RoomSocket } from './use-room-socket'

/** A live room's side column, bound to its socket: who is in the room, and its chat. */
export function RoomSide({ socket }: { socket: RoomSocket }) {
	return (
		<div className="flex flex-col gap-4">
			<ParticipantList participants={socket.participants} myPeerId={socket.peerId} />
			<LiveChat
				messages={socket.messages}
				disabled={socket.status === 'ended'}
				onSend={socket.sendChat}
				pending={socket.pending}
				unsent={socket.unsent}
				onSendAgain={socket.sendAgain}
			/>
		</div>
	)
}
