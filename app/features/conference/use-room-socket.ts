import { useCallback, useEffect, useRef, useState } from 'react'
import * as Y from 'yjs'
import {
	CLOSE_ENDED,
	CLOSE_FLOODING,
	type ClientMessage,
	type Participant,
	type ServerMessage,
	type SignalData,
} from './protocol'
import { newClientId, reconnectDelay } from './reconnect'
import type { ChatMessage } from './schema'

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'ended'

/** Origin of whiteboard changes that came from the server, so they are not sent back. */
export const REMOTE = 'remote'

/** A chat message written on this page and not yet acknowledged by the server. */
export type PendingMessage = { clientId: string; text: string }

type Options = {
	roomId: string
	/** A single-use ticket from the page's loader; later ones come from the room's ticket address. */
	ticket: string | null
	view: 'classroom' | 'whiteboard'
	initialMessages: ChatMessage[]
}

type SignalListener = (from: string, data: SignalData) => void

/** How long one ticket request may take before it counts as failed and is tried again later. */
const TICKET_TIMEOUT_MS = 10_000

/**
 * A new socket ticket from the app (through the site's address, whichever app process answers),
 * or why not: `null` when the app could not be reached or answered anything but JSON.
 */
async function fetchTicket(roomId: string): Promise<{ ticket?: string; ticketError?: string }> {
	try {
		const response = await fetch(`/conference/rooms/${encodeURIComponent(roomId)}/ticket`, {
			method: 'POST',
			headers: { Accept: 'application/json' },
			credentials: 'same-origin',
			signal: AbortSignal.timeout(TICKET_TIMEOUT_MS),
		})
		if (!response.headers.get('Content-Type')?.includes('application/json')) return {}
		return (await response.json()) as { ticket?: string; ticketError?: string }
	} catch {
		return {}
	}
}

/**
 * The live side of a room page: one WebSocket (through the app's own origin), presence, chat, the
 * shared whiteboard document, and WebRTC signalling.
 *
 * A lost connection (the app or the API restarting, a deploy, the network) never ends the page: it
 * says so, asks the site for a new ticket with backoff until one comes, and reconnects. The board
 * is a Yjs document held here, so strokes drawn meanwhile stay on it; once back, the server's board
 * arrives first and what this page has that the server lacks goes up. Chat messages wait here in
 * order (`pending`) until the server acknowledges each (`sent`), and are sent again after a
 * reconnect; the server stores a message once however often it comes (its `clientId`).
 */
export function useRoomSocket({ roomId, ticket: firstTicket, view, initialMessages }: Options) {
	const [doc] = useState(() => new Y.Doc())
	const [ticket, setTicket] = useState(firstTicket)
	/** Tries since the connection was last welcomed: the backoff's step. */
	const [attempt, setAttempt] = useState(0)
	const [status, setStatus] = useState<ConnectionStatus>('connecting')
	const [peerId, setPeerId] = useState<string | null>(null)
	const [participants, setParticipants] = useState<Participant[]>([])
	const [messages, setMessages] = useState<ChatMessage[]>(initialMessages)
	const [notice, setNotice] = useState<string | null>(null)
	const [unsent, setUnsent] = useState<string[]>([])
	const [pending, setPending] = useState<PendingMessage[]>([])
	const [mutedBy, setMutedBy] = useState<{ by: string; at: number } | null>(null)
	/** The server says part of the room cannot be reached (its API cut off from the others). */
	const [split, setSplit] = useState(false)
	const socketRef = useRef<WebSocket | null>(null)
	const outbox = useRef<PendingMessage[]>([])
	const signalListeners = useRef(new Set<SignalListener>())

	const settle = useCallback((clientId: string | undefined) => {
		if (!clientId) return
		outbox.current = outbox.current.filter((each) => each.clientId !== clientId)
		setPending(outbox.current)
	}, [])

	useEffect(() => {
		if (!ticket) return
		let ended = false
		let welcomed = false
		/** What the server's board holds, from its first frame: only the rest goes up. */
		let serverState: Uint8Array | undefined
		const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
		// The page's language: the API says its notices in it (decision 072).
		const lang = encodeURIComponent(document.documentElement.lang)
		const url = `${scheme}://${window.location.host}/api/v1/rooms/${encodeURIComponent(roomId)}/socket?ticket=${encodeURIComponent(ticket)}&view=${view}&lang=${lang}`
		const socket = new WebSocket(url)
		socket.binaryType = 'arraybuffer'
		socketRef.current = socket

		const sendUpdate = (update: Uint8Array, origin: unknown) => {
			if (welcomed && origin !== REMOTE && socket.readyState === WebSocket.OPEN)
				socket.send(update as Uint8Array<ArrayBuffer>)
		}
		doc.on('update', sendUpdate)
		const addMessage = (added: ChatMessage) =>
			setMessages((current) =>
				current.some((each) => each.id === added.id) ? current : [...current, added],
			)

		socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
			if (typeof event.data !== 'string') {
				const update = new Uint8Array(event.data)
				if (!welcomed) serverState ??= Y.encodeStateVectorFromUpdate(update)
				Y.applyUpdate(doc, update, REMOTE)
				return
			}
			const message = JSON.parse(event.data) as ServerMessage
			switch (message.type) {
				case 'welcome': {
					welcomed = true
					setStatus('connected')
					setAttempt(0)
					setPeerId(message.peerId)
					setParticipants(message.participants)
					setMessages(message.messages)
					setNotice(null)
					setSplit(false)
					// Whatever was drawn while disconnected goes up now: what the server's board lacks.
					socket.send(Y.encodeStateAsUpdate(doc, serverState) as Uint8Array<ArrayBuffer>)
					// Then the chat messages still waiting, in the order they were written.
					for (const each of outbox.current)
						socket.send(JSON.stringify({ type: 'chat', text: each.text, clientId: each.clientId }))
					return
				}
				case 'participants':
					setParticipants(message.participants)
					return
				case 'sent':
					settle(message.clientId)
					addMessage(message.message)
					return
				case 'chat':
					addMessage(message.message)
					return
				case 'muted':
					setMutedBy({ by: message.by, at: Date.now() })
					return
				case 'split':
					setSplit(message.split)
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
						settle(message.clientId)
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
			// A ticket works once: the next try asks for a new one, after a wait that grows.
			if (!welcomed) setAttempt((current) => current + 1)
			setTicket(null)
		}
		return () => {
			doc.off('update', sendUpdate)
			socket.onclose = null
			socket.onmessage = null
			// eslint-disable-next-line lingui/no-unlocalized-strings -- the socket's close reason, read by the server only
			socket.close(1000, 'Left the room')
			if (socketRef.current === socket) socketRef.current = null
		}
	}, [doc, roomId, ticket, view, settle])

	// Disconnected: ask for a new ticket after a wait (backoff with jitter, capped), again and again
	// while the site does not answer with one.
	useEffect(() => {
		if (ticket || status !== 'reconnecting') return
		let cancelled = false
		const timer = setTimeout(() => {
			void fetchTicket(roomId).then((answer) => {
				if (cancelled) return
				if (answer.ticket) return setTicket(answer.ticket)
				if (answer.ticketError) setNotice(answer.ticketError)
				setAttempt((current) => current + 1)
			})
		}, reconnectDelay(attempt))
		return () => {
			cancelled = true
			clearTimeout(timer)
		}
	}, [ticket, status, attempt, roomId])

	const send = useCallback((message: ClientMessage) => {
		const socket = socketRef.current
		if (!socket || socket.readyState !== WebSocket.OPEN) return false
		socket.send(JSON.stringify(message))
		return true
	}, [])

	/**
	 * Sends a chat message now, or as soon as the room is reached again: it waits on this page,
	 * in order, until the server acknowledges it. False once the session has ended.
	 */
	const sendChat = useCallback(
		(text: string) => {
			if (status === 'ended') return false
			const message = { clientId: newClientId(), text }
			outbox.current = [...outbox.current, message]
			setPending(outbox.current)
			send({ type: 'chat', text, clientId: message.clientId })
			return true
		},
		[send, status],
	)

	/** Sends a message the server gave back again; it leaves the list once it is on its way. */
	const sendAgain = useCallback(
		(text: string) => {
			if (!sendChat(text)) return false
			setUnsent((current) => {
				const at = current.indexOf(text)
				return at < 0 ? current : [...current.slice(0, at), ...current.slice(at + 1)]
			})
			return true
		},
		[sendChat],
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
		pending,
		notice,
		mutedBy,
		split,
		unsent,
		send,
		sendChat,
		sendAgain,
		onSignal,
	}
}

export type RoomSocket = ReturnType<typeof useRoomSocket>
