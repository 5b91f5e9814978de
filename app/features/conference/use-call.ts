import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Participant, SignalData } from './protocol'
import type { RoomSocket } from './use-room-socket'

export type RemotePeer = { stream: MediaStream | null; state: RTCPeerConnectionState }

type PeerEntry = { pc: RTCPeerConnection; pending: RTCIceCandidateInit[] }

/**
 * Camera and microphone between everyone in the call: one peer connection per pair (a mesh),
 * offers from the peer with the smaller id so two peers never offer at once, and the API relaying
 * offers, answers and ICE candidates over the room socket. Without `iceServers` (ICE_SERVERS) peers
 * reach each other only on the same network; STUN finds a way through NAT, TURN relays the rest.
 */
export function useCall(socket: RoomSocket, iceServers: RTCIceServer[] = []) {
	const { send, onSignal, peerId, participants, mutedBy, status } = socket
	const [localStream, setLocalStream] = useState<MediaStream | null>(null)
	const [camera, setCamera] = useState(true)
	const [microphone, setMicrophone] = useState(true)
	const [remote, setRemote] = useState<Record<string, RemotePeer>>({})
	const [error, setError] = useState<string | null>(null)
	const [joining, setJoining] = useState(false)
	const peers = useRef(new Map<string, PeerEntry>())
	const streamRef = useRef<MediaStream | null>(null)

	const closePeer = useCallback((id: string) => {
		peers.current.get(id)?.pc.close()
		peers.current.delete(id)
		setRemote((current) => {
			const { [id]: _gone, ...rest } = current
			return rest
		})
	}, [])

	const createPeer = useCallback(
		(id: string) => {
			const pc = new RTCPeerConnection({ iceServers })
			const stream = streamRef.current
			if (stream) for (const track of stream.getTracks()) pc.addTrack(track, stream)
			pc.onicecandidate = (event) => {
				if (event.candidate)
					send({
						type: 'signal',
						to: id,
						data: { type: 'candidate', candidate: event.candidate.toJSON() },
					})
			}
			pc.ontrack = (event) => {
				const [remoteStream] = event.streams
				setRemote((current) => ({
					...current,
					[id]: { stream: remoteStream ?? null, state: pc.connectionState },
				}))
			}
			pc.onconnectionstatechange = () => {
				setRemote((current) => ({
					...current,
					[id]: { stream: current[id]?.stream ?? null, state: pc.connectionState },
				}))
			}
			const entry = { pc, pending: [] }
			peers.current.set(id, entry)
			setRemote((current) => ({ ...current, [id]: { stream: null, state: pc.connectionState } }))
			return entry
		},
		[send, iceServers],
	)

	const flushCandidates = async (entry: PeerEntry) => {
		for (const candidate of entry.pending.splice(0)) await entry.pc.addIceCandidate(candidate)
	}

	// Signals from the other peers.
	useEffect(
		() =>
			onSignal((from: string, data: SignalData) => {
				void (async () => {
					if (data.type === 'offer') {
						if (!streamRef.current) return
						const entry = peers.current.get(from) ?? createPeer(from)
						await entry.pc.setRemoteDescription({ type: 'offer', sdp: data.sdp })
						await flushCandidates(entry)
						const answer = await entry.pc.createAnswer()
						await entry.pc.setLocalDescription(answer)
						send({ type: 'signal', to: from, data: { type: 'answer', sdp: answer.sdp ?? '' } })
					} else if (data.type === 'answer') {
						const entry = peers.current.get(from)
						if (!entry) return
						await entry.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp })
						await flushCandidates(entry)
					} else {
						const entry = peers.current.get(from)
						if (!entry) return
						if (entry.pc.remoteDescription) await entry.pc.addIceCandidate(data.candidate)
						else entry.pending.push(data.candidate)
					}
				})().catch((problem: unknown) => {
					const reason = String(problem)
					setError(t`The call with a participant failed: ${reason}`)
				})
			}),
		[onSignal, createPeer, send],
	)

	// Who to call: everyone else in the call; connections to those who left are closed.
	const inCall = localStream !== null
	useEffect(() => {
		if (!inCall || !peerId) return
		const others = participants.filter(
			(participant: Participant) =>
				participant.peerId !== peerId && participant.inCall && participant.view === 'classroom',
		)
		for (const id of [...peers.current.keys()]) {
			if (!others.some((participant) => participant.peerId === id)) closePeer(id)
		}
		for (const participant of others) {
			if (peers.current.has(participant.peerId) || peerId > participant.peerId) continue
			const entry = createPeer(participant.peerId)
			void (async () => {
				const offer = await entry.pc.createOffer()
				await entry.pc.setLocalDescription(offer)
				send({
					type: 'signal',
					to: participant.peerId,
					data: { type: 'offer', sdp: offer.sdp ?? '' },
				})
			})().catch((problem: unknown) => {
				const name = participant.name
				const reason = String(problem)
				setError(t`Calling ${name} failed: ${reason}`)
			})
		}
	}, [inCall, peerId, participants, createPeer, closePeer, send])

	// After a reconnect this browser has a new peer id: tell the room it is still in the call.
	useEffect(() => {
		if (!peerId || !streamRef.current) return
		send({ type: 'media', inCall: true, camera, microphone })
	}, [peerId, send, camera, microphone])

	// The teacher muted everyone.
	useEffect(() => {
		if (!mutedBy || !streamRef.current) return
		for (const track of streamRef.current.getAudioTracks()) track.enabled = false
		setMicrophone(false)
	}, [mutedBy])

	const leave = useCallback(() => {
		for (const id of [...peers.current.keys()]) closePeer(id)
		for (const track of streamRef.current?.getTracks() ?? []) track.stop()
		streamRef.current = null
		setLocalStream(null)
		send({ type: 'media', inCall: false, camera: false, microphone: false })
	}, [closePeer, send])

	// The session ended or this page is closing: hang up and free the camera.
	useEffect(() => {
		if (status === 'ended' && streamRef.current) leave()
	}, [status, leave])
	useEffect(
		() => () => {
			for (const entry of peers.current.values()) entry.pc.close()
			for (const track of streamRef.current?.getTracks() ?? []) track.stop()
		},
		[],
	)

	async function join() {
		if (!navigator.mediaDevices?.getUserMedia) {
			setError(
				t`This browser cannot use a camera or microphone here. Use a recent browser over HTTPS.`,
			)
			return
		}
		setJoining(true)
		setError(null)
		try {
			const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
			streamRef.current = stream
			setLocalStream(stream)
			setCamera(true)
			setMicrophone(true)
			send({ type: 'media', inCall: true, camera: true, microphone: true })
		} catch (problem) {
			const reason = problem instanceof Error ? problem.message : String(problem)
			setError(
				t`Could not use your camera and microphone: ${reason}. Allow them in your browser's site settings and try again.`,
			)
		} finally {
			setJoining(false)
		}
	}

	function toggleCamera() {
		const next = !camera
		for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = next
		setCamera(next)
	}

	function toggleMicrophone() {
		const next = !microphone
		for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = next
		setMicrophone(next)
	}

	return {
		localStream,
		inCall,
		camera,
		microphone,
		remote,
		error,
		joining,
		join,
		leave,
		toggleCamera,
		toggleMicrophone,
	}
}
