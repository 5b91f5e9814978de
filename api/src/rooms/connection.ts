import { randomUUID } from 'node:crypto'
import type { WSContext } from 'hono/ws'
import { encodeStateAsUpdate } from 'yjs'
import type { Db } from '../db.ts'
import { msg } from '../platform/i18n.ts'
import { log } from '../platform/log.ts'
import { issueText, markedIssues } from '../platform/zod-texts.ts'
import type { Whiteboard } from './board.ts'
import type { RoomBus, RoomEvent } from './bus.ts'
import { allowed, CLOSE_FLOODING, ROOM_NOTICES, type Rates } from './limits.ts'
import { sayTo, type Member, type Peer, type Presence } from './presence.ts'
import { toMessage, type ChatMessage } from './present.ts'
import { endRoom, insertMessage, listMessages } from './repository.ts'
import { socketMessage } from './schemas.ts'

/** How many recent chat messages a joining socket receives. */
export const WELCOME_MESSAGES = 100
/** A socket that answers no ping for this long is dropped, so presence stays true. */
export const HEARTBEAT_MS = 30_000

export const CLOSE_ENDED = { code: 4000, reason: 'The session has ended' } as const
const CLOSE_BAD_UPDATE = { code: 1003, reason: 'Invalid whiteboard update' } as const
export const CLOSE_RESTART = { code: 1012, reason: 'The server is restarting' } as const

export type Connection = {
	onMessage: (data: string | ArrayBuffer) => void
	onClose: () => void
}

/** What a socket's messages act on: the parts of its room, which `RoomHub` (hub.ts) puts together. */
export type Room = {
	readonly roomId: string
	readonly db: Db
	readonly presence: Presence
	readonly board: Whiteboard
	readonly rates: Rates
	readonly bus: RoomBus
	readonly ended: boolean
	/** Remembers a chat message as given to the members; false when it was already. */
	deliver(messageId: string): boolean
	/** Tells everyone, here and in the other processes, who is in the room. */
	announceParticipants(): void
	/** An event of the room, here and in the other processes. */
	share(event: RoomEvent): void
	/** An event of the room, here only. */
	receive(event: RoomEvent): void
	postChat(message: ChatMessage): void
	end(): void
	/** A socket closed (the last one lets the room go). */
	left(): void
}

/**
 * One member's socket in the room: the board and a welcome first, then each message it sends,
 * checked, limited and acted on in order.
 */
export function connect(room: Room, member: Member, socket: WSContext): Connection {
	const peer: Peer = {
		...member,
		id: randomUUID(),
		socket,
		hand: false,
		inCall: false,
		camera: false,
		microphone: false,
		alive: true,
		clients: new Set(),
	}
	room.presence.add(peer)
	const raw = socket.raw as { on?: (event: 'pong', listener: () => void) => void } | undefined
	raw?.on?.('pong', () => {
		peer.alive = true
	})
	// Messages arriving while the document loads wait for it, in order.
	let ready: Promise<void> = (async () => {
		const [doc, messages] = await Promise.all([
			room.board.load(),
			listMessages(room.db, room.roomId, WELCOME_MESSAGES),
		])
		for (const message of messages) room.deliver(message.id)
		if (!room.presence.has(peer.id)) return
		// The board first, so a client that sees the welcome already holds the document.
		socket.send(encodeStateAsUpdate(doc) as Uint8Array<ArrayBuffer>)
		room.presence.send(peer, {
			type: 'welcome',
			peerId: peer.id,
			participants: room.presence.everyone(),
			messages: messages.map(toMessage),
		})
		// Joined while this process is cut off from the others: said at once.
		if (room.bus.apart) room.presence.send(peer, { type: 'split', split: true })
		room.announceParticipants()
	})()
	return {
		onMessage: (data) => {
			ready = ready
				.then(() => receive(room, peer, data))
				.catch((error: unknown) => log.error({ err: error }, `Room ${room.roomId} socket failed`))
		},
		onClose: () => {
			room.presence.remove(peer.id)
			void room.rates.forget(peer.id)
			room.announceParticipants()
			room.left()
		},
	}
}

async function receive(room: Room, peer: Peer, data: string | ArrayBuffer) {
	if (!room.presence.has(peer.id) || room.ended) return
	if (typeof data !== 'string') return receiveBoardUpdate(room, peer, new Uint8Array(data))
	let parsed: unknown
	try {
		parsed = JSON.parse(data)
	} catch {
		parsed = null
	}
	const result = socketMessage.safeParse(parsed)
	if (!result.success) {
		const issue = markedIssues(socketMessage, parsed)[0]
		room.presence.send(peer, {
			type: 'error',
			message: issue ? issueText(issue.message) : msg('Invalid message'),
		})
		return
	}
	const message = result.data
	switch (message.type) {
		case 'chat': {
			const { text, clientId } = message
			if (!(await allowed(room.rates.chat, peer.id)))
				return drop(room, peer, ROOM_NOTICES.tooFast, { unsent: text, clientId })
			// Acknowledged (`sent` to its author, and echoed to everyone) only once stored; a message
			// that could not be stored goes back to its author, who may send it again. One sent again
			// with the same `clientId` (its acknowledgement lost with the connection) is stored once.
			let sent: Awaited<ReturnType<typeof insertMessage>>
			try {
				sent = await insertMessage(room.db, room.roomId, peer.userId, text, clientId)
			} catch (error) {
				log.error({ err: error }, `Room ${room.roomId}: a chat message could not be stored`)
				return room.presence.send(peer, {
					type: 'error',
					message: ROOM_NOTICES.chatNotSent,
					unsent: text,
					clientId,
				})
			}
			const stored = toMessage(sent.row)
			if (clientId) room.presence.send(peer, { type: 'sent', clientId, message: stored })
			if (sent.stored) room.postChat(stored)
			return
		}
		case 'hand':
			peer.hand = message.raised
			room.announceParticipants()
			return
		case 'media':
			peer.inCall = message.inCall
			peer.camera = message.inCall && message.camera
			peer.microphone = message.inCall && message.microphone
			room.announceParticipants()
			return
		case 'mute-all':
			if (!peer.host)
				return room.presence.send(peer, {
					type: 'error',
					message: 'Only the teacher can mute everyone',
				})
			room.share({ roomId: room.roomId, type: 'muted', by: peer.name, except: peer.id })
			return
		case 'end':
			if (!peer.host)
				return room.presence.send(peer, {
					type: 'error',
					message: 'Only the teacher can end the session',
				})
			await endRoom(room.db, room.roomId)
			room.end()
			return
		case 'signal': {
			const signal: RoomEvent = {
				roomId: room.roomId,
				type: 'signal',
				from: peer.id,
				to: message.to,
				data: message.data,
			}
			// The peer is here, or in another process (which delivers it if it holds that peer).
			if (room.presence.has(message.to)) room.receive(signal)
			else room.bus.publish(signal)
			return
		}
	}
}

/**
 * Refuses one message with a notice (a chat message given back, `unsent`); a member who keeps on
 * is disconnected.
 */
async function drop(
	room: Room,
	peer: Peer,
	notice: string,
	unsent?: { unsent: string; clientId: string | undefined },
) {
	room.presence.send(peer, { type: 'error', message: notice, ...unsent })
	if (!(await allowed(room.rates.drops, peer.id))) {
		// A close reason is at most 123 bytes: a translation longer than that is sent in English.
		const reason = sayTo(peer, CLOSE_FLOODING.reason)
		peer.socket.close(
			CLOSE_FLOODING.code,
			Buffer.byteLength(reason) <= 123 ? reason : CLOSE_FLOODING.reason,
		)
	}
}

async function receiveBoardUpdate(room: Room, peer: Peer, update: Uint8Array) {
	if (update.byteLength > room.rates.limits.updateBytes)
		return drop(room, peer, ROOM_NOTICES.updateTooLarge)
	if (!(await allowed(room.rates.board, peer.id)))
		return drop(room, peer, ROOM_NOTICES.drawingTooFast)
	const verdict = await room.board.accept(peer, update)
	if (verdict === 'invalid') peer.socket.close(CLOSE_BAD_UPDATE.code, CLOSE_BAD_UPDATE.reason)
	else if (verdict !== 'applied') return drop(room, peer, verdict)
}

/** Pings every socket; one that did not answer the last ping is dropped. */
export function heartbeat(presence: Presence) {
	for (const peer of presence.peers()) {
		const raw = peer.socket.raw as { ping?: () => void; terminate?: () => void } | undefined
		if (!raw?.ping || !raw.terminate) continue
		if (!peer.alive) {
			raw.terminate()
			continue
		}
		peer.alive = false
		raw.ping()
	}
}

/** Closes every socket of the room here, with one code and reason. */
export function closeEvery(presence: Presence, { code, reason }: { code: number; reason: string }) {
	for (const peer of presence.peers()) peer.socket.close(code, reason)
}
