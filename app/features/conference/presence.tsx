import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Participant } from './protocol'
import type { ConnectionStatus } from './use-room-socket'

const statusText: Record<ConnectionStatus, MessageDescriptor> = {
	connecting: msg`Connecting to the room…`,
	connected: msg`Connected`,
	reconnecting: msg`Connection lost. Reconnecting…`,
	ended: msg`The session has ended.`,
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
	const { t, i18n } = useLingui()
	return (
		<div
			role="status"
			aria-label={t`Connection to the room`}
			className="flex flex-col gap-1 text-sm"
		>
			<p className={status === 'connected' ? 'text-green-800' : 'text-amber-900'}>
				{i18n._(statusText[status])}
			</p>
			{status === 'reconnecting' ? (
				<p className="text-slate-700">
					<Trans>
						What you draw and write meanwhile is kept here and shared when you are back.
					</Trans>
				</p>
			) : null}
			{status === 'connected' && split ? (
				<p className="text-amber-900">
					<Trans>
						Some people in this room cannot be reached just now: you may not see what they draw or
						write until the link is back. What you do is kept and shared then.
					</Trans>
				</p>
			) : null}
			{notice ? <p className="text-red-800">{notice}</p> : null}
		</div>
	)
}

const detailText = {
	host: msg`Teacher`,
	whiteboard: msg`On the whiteboard`,
	hand: msg`Hand raised`,
	inCall: msg`In the call`,
	microphoneOff: msg`Microphone off`,
	cameraOff: msg`Camera off`,
}

function details(participant: Participant) {
	const parts: MessageDescriptor[] = []
	if (participant.host) parts.push(detailText.host)
	if (participant.view === 'whiteboard') parts.push(detailText.whiteboard)
	if (participant.hand) parts.push(detailText.hand)
	if (participant.inCall) {
		parts.push(detailText.inCall)
		if (!participant.microphone) parts.push(detailText.microphoneOff)
		if (!participant.camera) parts.push(detailText.cameraOff)
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
	const { t, i18n } = useLingui()
	const count = participants.length
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
				<Trans>Participants ({count})</Trans>
			</h2>
			{sorted.length === 0 ? (
				<p className="text-sm text-slate-600">
					<Trans>Nobody is connected.</Trans>
				</p>
			) : (
				<ul aria-label={t`Participants`} className="flex flex-col gap-1">
					{sorted.map((participant) => (
						<li key={participant.peerId} className="text-sm">
							<span className="font-semibold">{participant.name}</span>
							{participant.peerId === myPeerId ? ` ${t`(you)`}` : ''}
							{participant.hand ? (
								<span aria-hidden="true" className="ms-1">
									✋
								</span>
							) : null}
							{details(participant).length ? (
								<span className="text-slate-600">
									{' '}
									·{' '}
									{details(participant)
										.map((part) => i18n._(part))
										.join(' · ')}
								</span>
							) : null}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
