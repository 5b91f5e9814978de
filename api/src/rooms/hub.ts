import type { WSContext } from 'hono/ws'
import type { Db } from '../db.ts'
import { log } from '../platform/log.ts'
import { waitToRetry, Whiteboard } from './board.ts'
import type { RoomBus, RoomEvent } from './bus.ts'
import {
	CLOSE_ENDED,
	CLOSE_RESTART,
	closeEvery,
	connect,
	heartbeat,
	WELCOME_MESSAGES,
	type Connection,
	type Room,
} from './connection.ts'
import type { Rates } from './limits.ts'
import { Presence, type Member } from './presence.ts'
import { toMessage, type ChatMessage } from './present.ts'
import { listMessages } from './repository.ts'

/** How many delivered chat message ids a room remembers, so none reaches a member twice. */
const DELIVERED_MESSAGES = 500

/**
 * The live side of one room in this process, put together from its parts: the sockets
 * (connection.ts), who is in it (presence.ts), the whiteboard document (board.ts) and the limits
 * (limits.ts). With several API processes (decisions/026) each has a hub for the room while
 * someone is connected to it; they pass chat, presence, signals, the end and board updates through
 * the `RoomBus`, and every one of them holds the whole board.
 */
export class RoomHub implements Room {
	readonly presence = new Presence()
	readonly board: Whiteboard
	#ended = false
	/** Chat messages already given to this room's members (welcome or live), oldest first. */
	readonly #delivered = new Set<string>()
	#resyncing: Promise<void> | null = null

	readonly roomId: string
	readonly db: Db
	readonly rates: Rates
	readonly bus: RoomBus
	private readonly onEmpty: (hub: RoomHub) => void

	constructor(roomId: string, db: Db, rates: Rates, bus: RoomBus, onEmpty: (hub: RoomHub) => void) {
		this.roomId = roomId
		this.db = db
		this.rates = rates
		this.bus = bus
		this.onEmpty = onEmpty
		this.board = new Whiteboard(roomId, {
			db,
			bus,
			presence: this.presence,
			limits: rates.limits,
			savedAgain: () => void this.resync(),
		})
		if (bus.shared) bus.publish({ roomId, type: 'hello', process: bus.process })
	}

	get size() {
		return this.presence.size
	}

	get ended() {
		return this.#ended
	}

	/** Tells this room's members in this process, then the other processes. */
	share(event: RoomEvent) {
		this.receive(event)
		this.bus.publish(event)
	}

	/**
	 * Catches up with the database after a loss of Redis or of the database: the board's stored
	 * updates this process lacks are applied and sent to its members, and chat messages stored
	 * meanwhile that its members have not had are delivered, oldest first. Then presence is shared
	 * again.
	 */
	resync(): Promise<void> {
		this.#resyncing ??= (async () => {
			for (let attempt = 0; ; attempt++) {
				try {
					await this.#catchUp()
					return
				} catch (error) {
					if (this.presence.size === 0 || attempt >= 20) {
						log.error({ err: error }, `Room ${this.roomId}: catching up failed`)
						return
					}
					await waitToRetry(attempt)
				}
			}
		})().finally(() => {
			this.#resyncing = null
		})
		return this.#resyncing
	}

	async #catchUp() {
		await this.board.catchUp()
		for (const row of await listMessages(this.db, this.roomId, WELCOME_MESSAGES)) {
			if (!this.#delivered.has(row.id))
				this.receive({ roomId: this.roomId, type: 'chat', message: toMessage(row) })
		}
		if (this.bus.shared)
			this.bus.publish({ roomId: this.roomId, type: 'hello', process: this.bus.process })
		this.sharePresence()
	}

	deliver(id: string): boolean {
		if (this.#delivered.has(id)) return false
		this.#delivered.add(id)
		if (this.#delivered.size > DELIVERED_MESSAGES) {
			const [oldest] = this.#delivered
			if (oldest !== undefined) this.#delivered.delete(oldest)
		}
		return true
	}

	/** Settles once every whiteboard change received so far is stored. */
	flush() {
		return this.board.flush()
	}

	announceParticipants() {
		this.presence.broadcast({ type: 'participants', participants: this.presence.everyone() })
		this.sharePresence()
	}

	/** Tells the other processes who is connected here (nothing when there are none). */
	sharePresence() {
		if (!this.bus.shared) return
		this.bus.publish({
			roomId: this.roomId,
			type: 'presence',
			process: this.bus.process,
			participants: this.presence.here(),
		})
	}

	/** Forgets the members of a process not heard of for a while (it stopped without a word). */
	expirePresence(now = Date.now()) {
		if (this.presence.expire(now))
			this.presence.broadcast({ type: 'participants', participants: this.presence.everyone() })
	}

	/** An event of this room, from this process (`share`) or another one (the bus). */
	receive(event: RoomEvent) {
		switch (event.type) {
			case 'chat':
				// The same message may come live and again from the database (a resync): once only.
				if (!this.deliver(event.message.id)) return
				return this.presence.broadcast({ type: 'chat', message: event.message })
			case 'end':
				return this.#endHere()
			case 'muted':
				return this.presence.broadcast({ type: 'muted', by: event.by }, event.except)
			case 'signal': {
				const target = this.presence.get(event.to)
				if (target)
					this.presence.send(target, { type: 'signal', from: event.from, data: event.data })
				return
			}
			case 'board':
				return this.board.heard(event.update)
			case 'presence':
				this.presence.heard(event.process, event.participants)
				return this.presence.broadcast({
					type: 'participants',
					participants: this.presence.everyone(),
				})
			case 'hello':
				return this.sharePresence()
		}
	}

	join(member: Member, socket: WSContext): Connection {
		return connect(this, member, socket)
	}

	left() {
		if (this.presence.size === 0) this.onEmpty(this)
	}

	/** A stored chat message: to every member, in every process. */
	postChat(message: ChatMessage) {
		this.share({ roomId: this.roomId, type: 'chat', message })
	}

	/** The session is over: everyone, in every process, is told, then disconnected. */
	end() {
		this.share({ roomId: this.roomId, type: 'end' })
	}

	#endHere() {
		this.#ended = true
		this.presence.broadcast({ type: 'ended' })
		closeEvery(this.presence, CLOSE_ENDED)
	}

	heartbeat() {
		heartbeat(this.presence)
	}

	closeAll() {
		closeEvery(this.presence, CLOSE_RESTART)
	}
}
