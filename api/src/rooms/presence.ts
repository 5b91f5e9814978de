import type { WSContext } from 'hono/ws'
import { english, Phrase, type Speaker } from '../platform/i18n.ts'

/**
 * With several API processes, each repeats who is connected to it this often, and forgets another
 * process's members it has not heard of for PRESENCE_EXPIRES_MS (a process that was killed).
 */
export const PRESENCE_MS = 10_000
const PRESENCE_EXPIRES_MS = 35_000

export type View = 'classroom' | 'whiteboard'

export type Member = {
	userId: string
	name: string
	role: 'student' | 'tutor'
	host: boolean
	view: View
	/** Whom the notices of this socket speak to: its page's language (decision 072). */
	speaker?: Speaker
}

/** A notice to one socket (`{ type: 'error', message }`): its English, or zod's own text. */
type Notice = { type: 'error'; message: string | Phrase }

const isNotice = (message: object): message is Notice =>
	(message as { type?: unknown }).type === 'error'

/** A socket's notice or close reason in its member's language (English as it always was). */
export function sayTo(peer: Member, text: string | Phrase): string {
	const speaker = peer.speaker ?? english
	return text instanceof Phrase ? text.in(speaker) : speaker.translate(text)
}

/** One socket in the room, and what its page shows of it. */
export type Peer = Member & {
	id: string
	socket: WSContext
	hand: boolean
	inCall: boolean
	camera: boolean
	microphone: boolean
	alive: boolean
	/** Yjs client ids whose new content this socket sent: its own drawing, which it may take back. */
	clients: Set<number>
}

/** Who is in a room, as every member's page shows it (in any API process). */
export type Participant = ReturnType<typeof participant>

const participant = (peer: Peer) => ({
	peerId: peer.id,
	userId: peer.userId,
	name: peer.name,
	role: peer.role,
	host: peer.host,
	view: peer.view,
	hand: peer.hand,
	inCall: peer.inCall,
	camera: peer.camera,
	microphone: peer.microphone,
})

/**
 * Who is in one room: the sockets connected to this process, and the members the other processes
 * say are connected to them (decisions/026).
 */
export class Presence {
	readonly #peers = new Map<string, Peer>()
	/** The members connected to other API processes, by process. */
	readonly #elsewhere = new Map<string, { participants: Participant[]; seenAt: number }>()

	get size() {
		return this.#peers.size
	}

	get(peerId: string) {
		return this.#peers.get(peerId)
	}

	has(peerId: string) {
		return this.#peers.has(peerId)
	}

	add(peer: Peer) {
		this.#peers.set(peer.id, peer)
	}

	remove(peerId: string) {
		this.#peers.delete(peerId)
	}

	/** The sockets connected here. */
	peers() {
		return this.#peers.values()
	}

	/** The members connected here, as the other processes hear of them. */
	here(): Participant[] {
		return [...this.#peers.values()].map(participant)
	}

	/** Everyone in the room: here, and in the other processes. */
	everyone(): Participant[] {
		return [...this.here(), ...[...this.#elsewhere.values()].flatMap((each) => each.participants)]
	}

	/** Who another process says is connected to it; nobody, and that process is forgotten. */
	heard(process: string, participants: Participant[]) {
		if (participants.length > 0) {
			this.#elsewhere.set(process, { participants, seenAt: Date.now() })
		} else this.#elsewhere.delete(process)
	}

	/** Forgets the members of a process not heard of for a while; true when it forgot any. */
	expire(now: number): boolean {
		let changed = false
		for (const [process, { seenAt }] of this.#elsewhere) {
			if (now - seenAt > PRESENCE_EXPIRES_MS) changed = this.#elsewhere.delete(process)
		}
		return changed
	}

	send(peer: Peer, message: object) {
		const said = isNotice(message) ? { ...message, message: sayTo(peer, message.message) } : message
		peer.socket.send(JSON.stringify(said))
	}

	/** To every socket here (but `except`). */
	broadcast(message: object, except?: string) {
		const text = JSON.stringify(message)
		for (const peer of this.#peers.values()) if (peer.id !== except) peer.socket.send(text)
	}
}
