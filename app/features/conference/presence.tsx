import type { Participant } from './protocol'
import type { ConnectionStatus } from './use-room-socket'

const statusText: Record<ConnectionStatus, string> = {
	connecting: 'Connecting to the room…',
	connected: 'Connected',
	reconnecting: 'Connection lost. Reconnecting…',
	ended: 'The session has ended.',
}

/** Where the live connection stands, read out when it changes. */
export function ConnectionNotice({
	status,
	notice,
	split = false,
}: {
	status: ConnectionStatus
	notice: string | null
	/** Part of the room cannot be reached for now (the server is cut off from the others). */
	split?: boolean
}) {
	return (
		<div role="status" aria-label="Connection to the room" className="flex flex-col gap-1 text-sm">
			<p className={status === 'connected' ? 'text-green-800' : 'text-amber-900'}>
				{statusText[status]}
			</p>
			{status === 'reconnecting' ? (
				<p className="text-slate-700">
					What you draw and write meanwhile is kept here and shared when you are back.
				</p>
			) : null}
			{status === 'connected' && split ? (
				<p className="text-amber-900">
					Some people in this room cannot be reached just now: you may not see what they draw or
					write until the link is back. What you do is kept and shared then.
				</p>
			) : null}
			{notice ? <p className="text-red-800">{notice}</p> : null}
		</div>
	)
}

function details(participant: Participant) {
	const parts: string[] = []
	if (participant.host) parts.push('Teacher')
	if (participant.view === 'whiteboard') parts.push('On the whiteboard')
	if (participant.hand) parts.push('Hand raised')
	if (participant.inCall) {
		parts.push('In the call')
		if (!participant.microphone) parts.push('Microphone off')
		if (!participant.camera) parts.push('Camera off')
	}
	return parts
}

/** Everyone connected to the room, hands raised first. */
export function ParticipantList({
	participants,
	myPeerId,
}: {
	participants: Participant[]
	myPeerId: string | null
}) {
	const sorted = [...participants].sort(
		(a, b) =>
			Number(b.hand) - Number(a.hand) ||
			Number(b.host) - Number(a.host) ||
			a.name.localeCompare(b.name),
	)
	return (
		<section
			aria-labelledby="participants-heading"
			className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
		>
			<h2 id="participants-heading" className="text-lg font-semibold">
				Participants ({participants.length})
			</h2>
			{sorted.length === 0 ? (
				<p className="text-sm text-slate-600">Nobody is connected.</p>
			) : (
				<ul aria-label="Participants" className="flex flex-col gap-1">
					{sorted.map((participant) => (
						<li key={participant.peerId} className="text-sm">
							<span className="font-semibold">{participant.name}</span>
							{participant.peerId === myPeerId ? ' (you)' : ''}
							{participant.hand ? (
								<span aria-hidden="true" className="ms-1">
									✋
								</span>
							) : null}
							{details(participant).length ? (
								<span className="text-slate-600"> · {details(participant).join(' · ')}</span>
							) : null}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
