import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { ConnectionNotice } from './presence'
import { RoomSide } from './room-side'
import type { ChatMessage, Room } from './schema'
import { useCall, type RemotePeer } from './use-call'
import { useRoomSocket } from './use-room-socket'
import { Whiteboard } from './whiteboard'

function Video({
	stream,
	muted,
	label,
	state,
}: {
	stream: MediaStream | null
	muted: boolean
	label: string
	state?: string
}) {
	const { t } = useLingui()
	return (
		<figure className="flex flex-col gap-1">
			<video
				ref={(element) => {
					if (element && element.srcObject !== stream) element.srcObject = stream
				}}
				autoPlay
				playsInline
				muted={muted}
				aria-label={t`Video of ${label}`}
				className="aspect-video w-full rounded-md bg-slate-900 object-cover"
			/>
			<figcaption className="text-sm">
				<span className="font-semibold">{label}</span>
				{state ? <span className="text-slate-600"> · {state}</span> : null}
			</figcaption>
		</figure>
	)
}

const stateLabel: Record<RTCPeerConnectionState, MessageDescriptor> = {
	new: msg`Connecting…`,
	connecting: msg`Connecting…`,
	connected: msg`Connected`,
	disconnected: msg`Connection lost`,
	failed: msg`Could not connect`,
	closed: msg`Left`,
}

/** The live classroom: presence, call, chat, raised hands, the teacher's controls, and the board. */
export default function ClassroomIsland({
	room,
	ticket,
	messages,
	iceServers,
}: {
	room: Room
	ticket: string | null
	messages: ChatMessage[]
	iceServers: RTCIceServer[]
}) {
	const { t, i18n } = useLingui()
	const socket = useRoomSocket({
		roomId: room.id,
		ticket,
		view: 'classroom',
		initialMessages: messages,
	})
	const call = useCall(socket, iceServers)
	const [showBoard, setShowBoard] = useState(false)
	const me = socket.participants.find((participant) => participant.peerId === socket.peerId)
	const host = room.role === 'host'
	const connected = socket.status === 'connected'
	const names = new Map(
		socket.participants.map((participant) => [participant.peerId, participant.name]),
	)
	const mutedBy = socket.mutedBy?.by
	const remotePeers = Object.entries(call.remote) as [string, RemotePeer][]

	return (
		<div className="flex flex-col gap-4">
			<ConnectionNotice status={socket.status} notice={socket.notice} split={socket.split} />
			{socket.mutedBy && call.inCall ? (
				<p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
					<Trans>
						{mutedBy} muted everyone&apos;s microphone. Unmute yourself when you want to speak.
					</Trans>
				</p>
			) : null}
			{call.error ? (
				<p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
					{call.error}
				</p>
			) : null}

			<div role="group" aria-label={t`Classroom controls`} className="flex flex-wrap gap-2">
				{call.inCall ? (
					<>
						<Button
							type="button"
							variant="secondary"
							aria-pressed={!call.microphone}
							onClick={call.toggleMicrophone}
						>
							{call.microphone ? t`Mute microphone` : t`Unmute microphone`}
						</Button>
						<Button
							type="button"
							variant="secondary"
							aria-pressed={!call.camera}
							onClick={call.toggleCamera}
						>
							{call.camera ? t`Turn camera off` : t`Turn camera on`}
						</Button>
						<Button type="button" variant="secondary" onClick={call.leave}>
							<Trans>Leave call</Trans>
						</Button>
					</>
				) : (
					<Button
						type="button"
						disabled={!connected || call.joining}
						onClick={() => void call.join()}
					>
						{call.joining ? t`Starting camera…` : t`Join with camera and microphone`}
					</Button>
				)}
				<Button
					type="button"
					variant="secondary"
					disabled={!connected}
					aria-pressed={me?.hand ?? false}
					onClick={() => socket.send({ type: 'hand', raised: !me?.hand })}
				>
					{me?.hand ? t`Lower hand` : t`Raise hand`}
				</Button>
				{host ? (
					<Button
						type="button"
						variant="secondary"
						disabled={!connected}
						onClick={() => socket.send({ type: 'mute-all' })}
					>
						<Trans>Mute everyone</Trans>
					</Button>
				) : null}
				<Button
					type="button"
					variant="secondary"
					aria-expanded={showBoard}
					onClick={() => setShowBoard(!showBoard)}
				>
					{showBoard ? t`Hide whiteboard` : t`Show whiteboard`}
				</Button>
				<Link
					to={`/conference/whiteboard/${room.id}`}
					target="_blank"
					className={buttonClass('link')}
				>
					<Trans>Open the whiteboard in a new tab</Trans>
				</Link>
			</div>

			<div className={`grid gap-4 ${showBoard ? 'lg:grid-cols-2' : 'lg:grid-cols-[2fr_1fr]'}`}>
				<section
					aria-labelledby="call-heading"
					className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
				>
					<h2 id="call-heading" className="text-lg font-semibold">
						<Trans>Call</Trans>
					</h2>
					{call.inCall || remotePeers.length > 0 ? (
						<div className="grid gap-3 sm:grid-cols-2">
							{call.localStream ? (
								<Video
									stream={call.localStream}
									muted
									label={t`You`}
									state={call.camera ? undefined : t`Camera off`}
								/>
							) : null}
							{remotePeers.map(([id, peer]) => (
								<Video
									key={id}
									stream={peer.stream}
									muted={false}
									label={names.get(id) ?? t`Participant`}
									state={i18n._(stateLabel[peer.state])}
								/>
							))}
						</div>
					) : (
						<p className="text-sm text-slate-600">
							<Trans>
								Nobody&apos;s camera is on yet. Join with your camera and microphone to see and hear
								the others in the call.
							</Trans>
						</p>
					)}
				</section>
				{showBoard ? (
					<div id="classroom-board">
						<Whiteboard doc={socket.doc} label={t`Whiteboard beside the call`} canClear={host} />
					</div>
				) : null}
				<RoomSide socket={socket} />
			</div>
		</div>
	)
}
