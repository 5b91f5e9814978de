import { useCallback, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import * as Y from 'yjs'
import {
	CLOSE_ENDED,
	CLOSE_FLOODING,
	type ClientMessage,
	type Participant,
	type ServerMessage,
	type SignalData,
} from './protocol'
import type { ChatMessage } from './schema'

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'ended'

/** Origin of whiteboard changes that came from the server, so they are not sent back. */
export const REMOTE = 'remote'

type Options = {
	roomId: string
	/** A single-use ticket from the page's loader; later ones come from the page's `ticket` action. */
	ticket: string | null
	view: 'classroom' | 'whiteboard'
	initialMessages: ChatMessage[]
}

type SignalListener = (from: string, data: SignalData) => void

/**
 * The live side of a room page: one WebSocket (through the app's own origin), presence, chat, the
 * shared whiteboard document, and WebRTC signalling. A dropped connection (an API restart) is
 * picked up again with a fresh ticket from the loader.
 */
export function useRoomSocket({ roomId, ticket: firstTicket, view, initialMessages }: Options) {
	const [doc] = useState(() => new Y.Doc())
	const [ticket, setTicket] = useState(firstTicket)
	const [needsTicket, setNeedsTicket] = useState(false)
	const ticketFetcher = useFetcher<{ ticket?: string }>()
	const fetchedTicket = ticketFetcher.data?.ticket
	if (needsTicket && fetchedTicket && fetchedTicket !== ticket) {
		setTicket(fetchedTicket)
		setNeedsTicket(false)
	}
	const requestTicket = useRef(ticketFetcher.submit)
	const [status, setStatus] = useState<ConnectionStatus>('connecting')
	const [peerId, setPeerId] = useState<string | null>(null)
	const [participants, setParticipants] = useState<Participant[]>([])
	const [messages, setMessages] = useState<ChatMessage[]>(initialMessages)
	const [notice, setNotice] = useState<string | null>(null)
	const [unsent, setUnsent] = useState<string[]>([])
	const [mutedBy, setMutedBy] = useState<{ by: string; at: number } | null>(null)
	const socketRef = useRef<WebSocket | null>(null)
	const signalListeners = useRef(new Set<SignalListener>())
	useEffect(() => {
		requestTicket.current = ticketFetcher.submit
	})

	useEffect(() => {
		if (!ticket) return
		let ended = false
		const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
		const url = `${scheme}://${window.location.host}/api/v1/rooms/${encodeURIComponent(roomId)}/socket?ticket=${encodeURIComponent(ticket)}&view=${view}`
		const socket = new WebSocket(url)
		socket.binaryType = 'arraybuffer'
		socketRef.current = socket

		const sendUpdate = (update: Uint8Array, origin: unknown) => {
			if (origin !== REMOTE && socket.readyState === WebSocket.OPEN)
				socket.send(update as Uint8Array<ArrayBuffer>)
		}
		doc.on('update', sendUpdate)

		socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
			if (typeof event.data !== 'string') {
				Y.applyUpdate(doc, new Uint8Array(event.data), REMOTE)
				return
			}
			const message = JSON.parse(event.data) as ServerMessage
			switch (message.type) {
				case 'welcome':
					setStatus('connected')
					setPeerId(message.peerId)
					setParticipants(message.participants)
					setMessages(message.messages)
					setNotice(null)
					// Whatever was drawn while disconnected goes up now; the server ignores what it has.
					socket.send(Y.encodeStateAsUpdate(doc) as Uint8Array<ArrayBuffer>)
					return
				case 'participants':
					setParticipants(message.participants)
					return
				case 'chat':
					setMessages((current) =>
						current.some((each) => each.id === message.message.id)
							? current
							: [...current, message.message],
					)
					return
				case 'muted':
					setMutedBy({ by: message.by, at: Date.now() })
					return
				case 'ended':
					ended = true
					setStatus('ended')
					return
				case 'signal':
					for (const listener of signalListeners.current) listener(message.from, message.data)
					return
				case 'error':
					setNotice(message.message)
					if (message.unsent !== undefined) {
						const text = message.unsent
						setUnsent((current) => [...current, text])
					}
					return
			}
		}
		socket.onclose = (event) => {
			doc.off('update', sendUpdate)
			if (socketRef.current === socket) socketRef.current = null
			if (ended || event.code === CLOSE_ENDED) {
				setStatus('ended')
				return
			}
			// Disconnected for flooding: say why; it reconnects like any drop.
			if (event.code === CLOSE_FLOODING) setNotice(event.reason)
			setStatus('reconnecting')
			setParticipants([])
			// A ticket works once: the page's action fetches a new one, and this effect runs again with it.
			setNeedsTicket(true)
		}
		return () => {
			doc.off('update', sendUpdate)
			socket.onclose = null
			socket.onmessage = null
			socket.close(1000, 'Left the room')
			if (socketRef.current === socket) socketRef.current = null
		}
	}, [doc, roomId, ticket, view])

	// Ask for a ticket a second after a drop, then every few seconds while the server is away.
	useEffect(() => {
		if (!needsTicket) return
		const ask = () => void requestTicket.current({ intent: 'ticket' }, { method: 'post' })
		const first = setTimeout(ask, 1000)
		const again = setInterval(ask, 3000)
		return () => {
			clearTimeout(first)
			clearInterval(again)
		}
	}, [needsTicket])

	const send = useCallback((message: ClientMessage) => {
		const socket = socketRef.current
		if (!socket || socket.readyState !== WebSocket.OPEN) return false
		socket.send(JSON.stringify(message))
		return true
	}, [])

	/** Sends a message the server gave back again; it leaves the list once it went out. */
	const sendAgain = useCallback(
		(text: string) => {
			if (!send({ type: 'chat', text })) return false
			setUnsent((current) => {
				const at = current.indexOf(text)
				return at < 0 ? current : [...current.slice(0, at), ...current.slice(at + 1)]
			})
			return true
		},
		[send],
	)

	const onSignal = useCallback((listener: SignalListener) => {
		signalListeners.current.add(listener)
		return () => {
			signalListeners.current.delete(listener)
		}
	}, [])

	return {
		doc,
		status,
		peerId,
		participants,
		messages,
		notice,
		mutedBy,
		unsent,
		send,
		sendAgain,
		onSignal,
	}
}

export type RoomSocket = ReturnType<typeof useRoomSocket>
