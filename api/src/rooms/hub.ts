import { randomUUID } from 'node:crypto'
import { log } from '../platform/log.ts'
import type { WSContext } from 'hono/ws'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import * as Y from 'yjs'
import type { Db } from '../db.ts'
import type { ApiDeps } from '../platform/context.ts'
import { createLimiter } from '../platform/rate-limit.ts'
import type { RedisConnections } from '../platform/redis.ts'
import { localRoomBus, redisRoomBus, type RoomBus, type RoomEvent } from './bus.ts'
import { toMessage, type ChatMessage } from './present.ts'
import {
	appendBoardUpdate,
	compactBoard,
	endRoom,
	insertMessage,
	listBoardUpdates,
	listMessages,
} from './repository.ts'
import { socketMessage } from './schemas.ts'

/** Stored updates of one whiteboard before they are folded into one snapshot. */
const COMPACT_AFTER = 200
/** How many recent chat messages a joining socket receives. */
const WELCOME_MESSAGES = 100
/** A socket that answers no ping for this long is dropped, so presence stays true. */
const HEARTBEAT_MS = 30_000
/**
 * With several API processes, each repeats who is connected to it this often, and forgets another
 * process's members it has not heard of for PRESENCE_EXPIRES_MS (a process that was killed).
 */
const PRESENCE_MS = 10_000
const PRESENCE_EXPIRES_MS = 35_000
/** The origin of a whiteboard update another API process stored and passed on. */
const FROM_ANOTHER_PROCESS = Symbol('another API process')
/** A whiteboard update that could not be stored is tried again after 0.5, 1, 2, then every 4 s. */
const SAVE_RETRY_MS = [500, 1_000, 2_000, 4_000]
/** How many delivered chat message ids a room remembers, so none reaches a member twice. */
const DELIVERED_MESSAGES = 500

export const CLOSE_ENDED = { code: 4000, reason: 'The session has ended' } as const
const CLOSE_BAD_UPDATE = { code: 1003, reason: 'Invalid whiteboard update' } as const
const CLOSE_RESTART = { code: 1012, reason: 'The server is restarting' } as const
export const CLOSE_FLOODING = { code: 4008, reason: 'Too many messages: disconnected' } as const

/**
 * Limits of one member (decisions/015). Chat: 10 messages in 10 s. Drawing: 60 board updates in
 * 10 s (a stroke is one). Past that each is dropped with a notice; a socket that goes on, 50 drops
 * in a minute, is closed. One update is at most 256 KB and the board document at most 2 MB, so
 * what every joiner downloads stays small.
 */
export const ROOM_LIMITS = {
	chat: { points: 10, duration: 10 },
	board: { points: 60, duration: 10 },
	drops: { points: 50, duration: 60 },
	updateBytes: 256 * 1024,
	boardBytes: 2 * 1024 * 1024,
}

export type RoomLimits = typeof ROOM_LIMITS

export const ROOM_NOTICES = {
	tooFast: 'You are sending messages too fast. Wait a moment and try again.',
	drawingTooFast: 'You are drawing too fast. Wait a moment: your last change was not shared.',
	updateTooLarge: 'That drawing is too large to share (at most 256 KB at once).',
	boardFull:
		'The board is full (2 MB). Your last change was not shared: the teacher can clear the board to make room.',
	onlyTeacherClears: "Only the teacher can clear the board or remove other people's drawings.",
	chatNotSent: 'Your message could not be sent. Send it again.',
	drawingNotSaved:
		'Your drawing could not be saved yet. It stays on the board and is saved as soon as the server can.',
} as const

/** Counters shared by every room (in Redis, by every API process); keys are per socket (peer id). */
function createRates(limits: RoomLimits, redis?: RedisConnections) {
	const limiter = (keyPrefix: string, { points, duration }: { points: number; duration: number }) =>
		createLimiter({ keyPrefix, points, duration }, redis?.commands)
	return {
		limits,
		chat: limiter('room-chat', limits.chat),
		board: limiter('room-board', limits.board),
		drops: limiter('room-drops', limits.drops),
	}
}
type Rates = ReturnType<typeof createRates>

/** Spends one point; false when the member is over the limit. */
const allowed = (rate: RateLimiterAbstract, key: string) =>
	rate.consume(key).then(
		() => true,
		() => false,
	)

/** Which Yjs client put each drawing (by its BoardItem id) on the board. */
function boardItemAuthors(doc: Y.Doc): Map<string, number> {
	const authors = new Map<string, number>()
	for (let item = doc.getArray('items')._start; item; item = item.right) {
		if (item.deleted) continue
		for (const value of item.content.getContent() as { id?: unknown }[]) {
			if (typeof value?.id === 'string') authors.set(value.id, item.id.client)
		}
	}
	return authors
}

/** The BoardItem ids on the board (each item carries its own `id`). */
function boardItemIds(doc: Y.Doc): Set<string> {
	const ids = new Set<string>()
	for (const item of doc.getArray<{ id?: unknown }>('items').toArray()) {
		if (typeof item?.id === 'string') ids.add(item.id)
	}
	return ids
}

export type View = 'classroom' | 'whiteboard'

export type Member = {
	userId: string
	name: string
	role: 'student' | 'tutor'
	host: boolean
	view: View
}

type Peer = Member & {
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

export type Connection = {
	onMessage: (data: string | ArrayBuffer) => void
	onClose: () => void
}

/**
 * The live side of one room in this process: its sockets, their presence, and the whiteboard
 * document. With several API processes (decisions/026) each has a hub for the room while someone
 * is connected to it; they pass chat, presence, signals, the end and board updates through the
 * `RoomBus`, and every one of them holds the whole board.
 */
class RoomHub {
	readonly #peers = new Map<string, Peer>()
	/** The members connected to other API processes, by process. */
	readonly #elsewhere = new Map<string, { participants: Participant[]; seenAt: number }>()
	#doc: Promise<Y.Doc> | null = null
	#writes: Promise<unknown> = Promise.resolve()
	#storedUpdates = 0
	/** About how large the stored document is: its size at load plus every update since. */
	#boardBytes = 0
	#ended = false
	/** Chat messages already given to this room's members (welcome or live), oldest first. */
	readonly #delivered = new Set<string>()
	#resyncing: Promise<void> | null = null
	/** Members told that their drawing is not saved yet, until a save goes through again. */
	readonly #toldUnsaved = new Set<string>()

	readonly roomId: string
	private readonly db: Db
	private readonly rates: Rates
	private readonly bus: RoomBus
	private readonly onEmpty: (hub: RoomHub) => void

	constructor(roomId: string, db: Db, rates: Rates, bus: RoomBus, onEmpty: (hub: RoomHub) => void) {
		this.roomId = roomId
		this.db = db
		this.rates = rates
		this.bus = bus
		this.onEmpty = onEmpty
		if (bus.shared) bus.publish({ roomId, type: 'hello', process: bus.process })
	}

	get size() {
		return this.#peers.size
	}

	/** Tells this room's members in this process, then the other processes. */
	#share(event: RoomEvent) {
		this.receive(event)
		this.bus.publish(event)
	}

	/**
	 * Loads the stored document once; later edits are applied in memory, appended to the log and
	 * passed on to the other processes. Read only once this process hears the others, so no update
	 * falls between the read and the first one heard.
	 */
	#loadDoc(): Promise<Y.Doc> {
		const loading = (this.#doc ??= (async () => {
			await this.bus.ready
			const doc = new Y.Doc()
			const rows = await listBoardUpdates(this.db, this.roomId)
			Y.transact(doc, () => {
				for (const row of rows) Y.applyUpdate(doc, row.update, 'storage')
			})
			this.#storedUpdates = rows.length
			this.#boardBytes = Y.encodeStateAsUpdate(doc).byteLength
			doc.on('update', (update: Uint8Array, origin: unknown) => {
				if (origin === 'storage') return
				// Another process stored it already and told every process.
				if (origin !== FROM_ANOTHER_PROCESS)
					this.#persist(update, typeof origin === 'string' ? origin : undefined)
				for (const peer of this.#peers.values()) {
					if (peer.id !== origin) peer.socket.send(update as Uint8Array<ArrayBuffer>)
				}
			})
			return doc
		})())
		// A board that could not be read (the database away) is read again by the next caller.
		loading.catch(() => {
			if (this.#doc === loading) this.#doc = null
		})
		return loading
	}

	/**
	 * Stores the update, then tells the other processes (in that order: a process that reads the
	 * board after the update was stored finds it there; one that read it before hears it). Past
	 * COMPACT_AFTER updates, the stored log is folded into one snapshot (repository.compactBoard:
	 * from what is stored, never from this process's copy).
	 */
	#persist(update: Uint8Array, drawer?: string) {
		this.#writes = this.#writes
			.then(async () => {
				await this.#store(update, drawer)
				this.bus.publish({
					roomId: this.roomId,
					type: 'board',
					update: Buffer.from(update).toString('base64'),
				})
				this.#storedUpdates += 1
				if (this.#storedUpdates > COMPACT_AFTER) {
					const compacted = await compactBoard(this.db, this.roomId)
					this.#storedUpdates = 1
					if (compacted) this.#boardBytes = compacted.bytes
				}
			})
			.catch((error: unknown) =>
				log.error({ err: error }, `Saving whiteboard ${this.roomId} failed`),
			)
	}

	/**
	 * Appends one update, trying again until it is stored: the later ones wait behind it (a Yjs
	 * update may need the one before), and the other processes hear of it once it is, so an
	 * outage of the database delays strokes but loses none (issue 27). Afterwards the board is
	 * read again: what the others drew meanwhile may have been published while this one missed it.
	 */
	async #store(update: Uint8Array, drawer?: string) {
		for (let attempt = 0; ; attempt++) {
			try {
				await appendBoardUpdate(this.db, this.roomId, update)
				if (attempt > 0) {
					this.#toldUnsaved.clear()
					void this.resync()
				}
				return
			} catch (error) {
				if (attempt === 0)
					log.error({ err: error }, `Saving whiteboard ${this.roomId} failed; trying again`)
				// The drawer learns, once per outage, that the stroke is kept but not yet saved.
				const peer = drawer === undefined ? undefined : this.#peers.get(drawer)
				if (peer && !this.#toldUnsaved.has(peer.id)) {
					this.#toldUnsaved.add(peer.id)
					this.#send(peer, { type: 'error', message: ROOM_NOTICES.drawingNotSaved })
				}
				const wait = SAVE_RETRY_MS[Math.min(attempt, SAVE_RETRY_MS.length - 1)]!
				await new Promise((resolve) => setTimeout(resolve, wait))
			}
		}
	}

	/**
	 * Catches up with the database after a loss of Redis or of the database: the board's stored
	 * updates this process lacks are applied and sent to its members (a board is never left waiting
	 * on an update that was published while it could not hear), and chat messages stored meanwhile
	 * that its members have not had are delivered, oldest first. Then presence is shared again.
	 */
	resync(): Promise<void> {
		this.#resyncing ??= (async () => {
			for (let attempt = 0; ; attempt++) {
				try {
					await this.#catchUp()
					return
				} catch (error) {
					if (this.#peers.size === 0 || attempt >= 20) {
						log.error({ err: error }, `Room ${this.roomId}: catching up failed`)
						return
					}
					const wait = SAVE_RETRY_MS[Math.min(attempt, SAVE_RETRY_MS.length - 1)]!
					await new Promise((resolve) => setTimeout(resolve, wait))
				}
			}
		})().finally(() => {
			this.#resyncing = null
		})
		return this.#resyncing
	}

	async #catchUp() {
		if (this.#doc) {
			const doc = await this.#doc
			const stored = new Y.Doc()
			const rows = await listBoardUpdates(this.db, this.roomId)
			for (const row of rows) Y.applyUpdate(stored, row.update)
			const missing = Y.encodeStateAsUpdate(stored, Y.encodeStateVector(doc))
			// With what it missed, the updates heard since but waiting on it are applied too.
			Y.applyUpdate(doc, missing, FROM_ANOTHER_PROCESS)
			this.#boardBytes += missing.byteLength
		}
		for (const row of await listMessages(this.db, this.roomId, WELCOME_MESSAGES)) {
			if (!this.#delivered.has(row.id))
				this.receive({ roomId: this.roomId, type: 'chat', message: toMessage(row) })
		}
		if (this.bus.shared)
			this.bus.publish({ roomId: this.roomId, type: 'hello', process: this.bus.process })
		this.sharePresence()
	}

	/** Remembers a message as given to this room's members; false when it was already. */
	#deliver(id: string): boolean {
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
		return this.#writes
	}

	#send(peer: Peer, message: object) {
		peer.socket.send(JSON.stringify(message))
	}

	broadcast(message: object, except?: string) {
		const text = JSON.stringify(message)
		for (const peer of this.#peers.values()) if (peer.id !== except) peer.socket.send(text)
	}

	/** Everyone in the room: here, and in the other processes. */
	#participants(): Participant[] {
		const here = [...this.#peers.values()].map(participant)
		return [...here, ...[...this.#elsewhere.values()].flatMap((each) => each.participants)]
	}

	#announceParticipants() {
		this.broadcast({ type: 'participants', participants: this.#participants() })
		this.sharePresence()
	}

	/** Tells the other processes who is connected here (nothing when there are none). */
	sharePresence() {
		if (!this.bus.shared) return
		this.bus.publish({
			roomId: this.roomId,
			type: 'presence',
			process: this.bus.process,
			participants: [...this.#peers.values()].map(participant),
		})
	}

	/** Forgets the members of a process not heard of for a while (it stopped without a word). */
	expirePresence(now = Date.now()) {
		let changed = false
		for (const [process, { seenAt }] of this.#elsewhere) {
			if (now - seenAt > PRESENCE_EXPIRES_MS) changed = this.#elsewhere.delete(process)
		}
		if (changed) this.broadcast({ type: 'participants', participants: this.#participants() })
	}

	/** An event of this room, from this process (`#share`) or another one (the bus). */
	receive(event: RoomEvent) {
		switch (event.type) {
			case 'chat':
				// The same message may come live and again from the database (a resync): once only.
				if (!this.#deliver(event.message.id)) return
				return this.broadcast({ type: 'chat', message: event.message })
			case 'end':
				return this.#endHere()
			case 'muted':
				return this.broadcast({ type: 'muted', by: event.by }, event.except)
			case 'signal': {
				const target = this.#peers.get(event.to)
				if (target) this.#send(target, { type: 'signal', from: event.from, data: event.data })
				return
			}
			case 'board':
				void this.#loadDoc()
					.then((doc) => {
						const update = Buffer.from(event.update, 'base64')
						Y.applyUpdate(doc, update, FROM_ANOTHER_PROCESS)
						this.#boardBytes += update.byteLength
					})
					.catch((error: unknown) =>
						log.error(
							{ err: error },
							`Whiteboard ${this.roomId}: an update from another process failed`,
						),
					)
				return
			case 'presence':
				if (event.participants.length > 0) {
					this.#elsewhere.set(event.process, {
						participants: event.participants,
						seenAt: Date.now(),
					})
				} else this.#elsewhere.delete(event.process)
				return this.broadcast({ type: 'participants', participants: this.#participants() })
			case 'hello':
				return this.sharePresence()
		}
	}

	join(member: Member, socket: WSContext): Connection {
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
		this.#peers.set(peer.id, peer)
		const raw = socket.raw as { on?: (event: 'pong', listener: () => void) => void } | undefined
		raw?.on?.('pong', () => {
			peer.alive = true
		})
		// Messages arriving while the document loads wait for it, in order.
		let ready: Promise<void> = (async () => {
			const [doc, messages] = await Promise.all([
				this.#loadDoc(),
				listMessages(this.db, this.roomId, WELCOME_MESSAGES),
			])
			for (const message of messages) this.#deliver(message.id)
			if (!this.#peers.has(peer.id)) return
			// The board first, so a client that sees the welcome already holds the document.
			socket.send(Y.encodeStateAsUpdate(doc) as Uint8Array<ArrayBuffer>)
			this.#send(peer, {
				type: 'welcome',
				peerId: peer.id,
				participants: this.#participants(),
				messages: messages.map(toMessage),
			})
			this.#announceParticipants()
		})()
		return {
			onMessage: (data) => {
				ready = ready
					.then(() => this.#receive(peer, data))
					.catch((error: unknown) => log.error({ err: error }, `Room ${this.roomId} socket failed`))
			},
			onClose: () => {
				this.#peers.delete(peer.id)
				void Promise.all(
					[this.rates.chat, this.rates.board, this.rates.drops].map((rate) => rate.delete(peer.id)),
				)
				this.#announceParticipants()
				if (this.#peers.size === 0) this.onEmpty(this)
			},
		}
	}

	async #receive(peer: Peer, data: string | ArrayBuffer) {
		if (!this.#peers.has(peer.id) || this.#ended) return
		if (typeof data !== 'string') return this.#receiveBoardUpdate(peer, new Uint8Array(data))
		let parsed: unknown
		try {
			parsed = JSON.parse(data)
		} catch {
			parsed = null
		}
		const result = socketMessage.safeParse(parsed)
		if (!result.success) {
			this.#send(peer, {
				type: 'error',
				message: result.error.issues[0]?.message ?? 'Invalid message',
			})
			return
		}
		const message = result.data
		switch (message.type) {
			case 'chat': {
				if (!(await allowed(this.rates.chat, peer.id)))
					return this.#drop(peer, ROOM_NOTICES.tooFast)
				// Acknowledged (echoed to its author with everyone else) only once stored; a message
				// that could not be stored goes back to its author, who may send it again.
				let row: Awaited<ReturnType<typeof insertMessage>>
				try {
					row = await insertMessage(this.db, this.roomId, peer.userId, message.text)
				} catch (error) {
					log.error({ err: error }, `Room ${this.roomId}: a chat message could not be stored`)
					return this.#send(peer, {
						type: 'error',
						message: ROOM_NOTICES.chatNotSent,
						unsent: message.text,
					})
				}
				this.postChat(toMessage(row))
				return
			}
			case 'hand':
				peer.hand = message.raised
				this.#announceParticipants()
				return
			case 'media':
				peer.inCall = message.inCall
				peer.camera = message.inCall && message.camera
				peer.microphone = message.inCall && message.microphone
				this.#announceParticipants()
				return
			case 'mute-all':
				if (!peer.host)
					return this.#send(peer, { type: 'error', message: 'Only the teacher can mute everyone' })
				this.#share({ roomId: this.roomId, type: 'muted', by: peer.name, except: peer.id })
				return
			case 'end':
				if (!peer.host)
					return this.#send(peer, {
						type: 'error',
						message: 'Only the teacher can end the session',
					})
				await endRoom(this.db, this.roomId)
				this.end()
				return
			case 'signal': {
				const signal: RoomEvent = {
					roomId: this.roomId,
					type: 'signal',
					from: peer.id,
					to: message.to,
					data: message.data,
				}
				// The peer is here, or in another process (which delivers it if it holds that peer).
				if (this.#peers.has(message.to)) this.receive(signal)
				else this.bus.publish(signal)
				return
			}
		}
	}

	/** Refuses one message with a notice; a member who keeps on is disconnected. */
	async #drop(peer: Peer, notice: string) {
		this.#send(peer, { type: 'error', message: notice })
		if (!(await allowed(this.rates.drops, peer.id))) {
			peer.socket.close(CLOSE_FLOODING.code, CLOSE_FLOODING.reason)
		}
	}

	async #receiveBoardUpdate(peer: Peer, update: Uint8Array) {
		if (update.byteLength > this.rates.limits.updateBytes)
			return this.#drop(peer, ROOM_NOTICES.updateTooLarge)
		if (!(await allowed(this.rates.board, peer.id)))
			return this.#drop(peer, ROOM_NOTICES.drawingTooFast)
		const doc = await this.#loadDoc()
		let decoded: ReturnType<typeof Y.decodeUpdate>
		try {
			decoded = Y.decodeUpdate(update)
		} catch {
			peer.socket.close(CLOSE_BAD_UPDATE.code, CLOSE_BAD_UPDATE.reason)
			return
		}
		const known = Y.decodeStateVector(Y.encodeStateVector(doc))
		const fresh = decoded.structs.filter(
			(struct) => struct.id.clock >= (known.get(struct.id.client) ?? 0),
		)
		if (fresh.length > 0 && this.#boardBytes + update.byteLength > this.rates.limits.boardBytes) {
			return this.#drop(peer, ROOM_NOTICES.boardFull)
		}
		if (!peer.host && this.#removesOthersDrawing(doc, peer, decoded, update)) {
			return this.#drop(peer, ROOM_NOTICES.onlyTeacherClears)
		}
		for (const struct of fresh) peer.clients.add(struct.id.client)
		try {
			Y.applyUpdate(doc, update, peer.id)
		} catch {
			peer.socket.close(CLOSE_BAD_UPDATE.code, CLOSE_BAD_UPDATE.reason)
			return
		}
		if (fresh.length > 0) this.#boardBytes += update.byteLength
	}

	/**
	 * Whether the update takes off the board a drawing this member did not make (a Clear, or an
	 * erase of someone else's). Checked on a copy, and only when the update deletes content of
	 * other Yjs clients: a reconnecting browser's full state names every deletion it has seen.
	 */
	#removesOthersDrawing(
		doc: Y.Doc,
		peer: Peer,
		decoded: ReturnType<typeof Y.decodeUpdate>,
		update: Uint8Array,
	): boolean {
		if ([...decoded.ds.clients.keys()].every((client) => peer.clients.has(client))) return false
		const copy = new Y.Doc()
		Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
		Y.applyUpdate(copy, update)
		const left = boardItemIds(copy)
		for (const [itemId, client] of boardItemAuthors(doc)) {
			if (!left.has(itemId) && !peer.clients.has(client)) return true
		}
		return false
	}

	/** A stored chat message: to every member, in every process. */
	postChat(message: ChatMessage) {
		this.#share({ roomId: this.roomId, type: 'chat', message })
	}

	/** The session is over: everyone, in every process, is told, then disconnected. */
	end() {
		this.#share({ roomId: this.roomId, type: 'end' })
	}

	#endHere() {
		this.#ended = true
		this.broadcast({ type: 'ended' })
		for (const peer of this.#peers.values()) peer.socket.close(CLOSE_ENDED.code, CLOSE_ENDED.reason)
	}

	heartbeat() {
		for (const peer of this.#peers.values()) {
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

	closeAll() {
		for (const peer of this.#peers.values())
			peer.socket.close(CLOSE_RESTART.code, CLOSE_RESTART.reason)
	}
}

/** Every room with someone connected; a room's hub goes away when its last socket closes. */
class RoomHubs {
	readonly #hubs = new Map<string, RoomHub>()
	#heartbeat: NodeJS.Timeout | null = null
	#presence: NodeJS.Timeout | null = null

	readonly #rates: Rates
	readonly #bus: RoomBus

	private readonly db: Db

	constructor(db: Db, limits: RoomLimits, redis?: RedisConnections) {
		this.db = db
		this.#rates = createRates(limits, redis)
		this.#bus = redis ? redisRoomBus(redis) : localRoomBus()
		this.#bus.listen((event) => this.#hubs.get(event.roomId)?.receive(event))
		this.#bus.onReconnect(() => {
			for (const hub of this.#hubs.values()) void hub.resync()
		})
	}

	find(roomId: string): RoomHub | undefined {
		return this.#hubs.get(roomId)
	}

	/** Rooms with someone connected to this process, and their sockets (for /metrics). */
	counts() {
		let sockets = 0
		for (const hub of this.#hubs.values()) sockets += hub.size
		return { rooms: this.#hubs.size, sockets }
	}

	/** A room's chat message or end, from an HTTP call: to its members in every process. */
	share(event: RoomEvent) {
		this.#hubs.get(event.roomId)?.receive(event)
		this.#bus.publish(event)
	}

	join(roomId: string, member: Member, socket: WSContext) {
		let hub = this.#hubs.get(roomId)
		if (!hub) {
			hub = new RoomHub(roomId, this.db, this.#rates, this.#bus, (empty) => {
				// Pending saves finish first; a socket that joined meanwhile keeps the hub.
				void empty.flush().then(() => {
					if (empty.size === 0 && this.#hubs.get(roomId) === empty) this.#hubs.delete(roomId)
					if (this.#hubs.size === 0) this.#stopHeartbeat()
				})
			})
			this.#hubs.set(roomId, hub)
		}
		if (!this.#heartbeat) {
			this.#heartbeat = setInterval(() => {
				for (const each of this.#hubs.values()) each.heartbeat()
			}, HEARTBEAT_MS)
			this.#heartbeat.unref()
		}
		if (!this.#presence && this.#bus.shared) {
			this.#presence = setInterval(() => {
				for (const each of this.#hubs.values()) {
					each.sharePresence()
					each.expirePresence()
				}
			}, PRESENCE_MS)
			this.#presence.unref()
		}
		return hub.join(member, socket)
	}

	#stopHeartbeat() {
		if (this.#heartbeat) clearInterval(this.#heartbeat)
		if (this.#presence) clearInterval(this.#presence)
		this.#heartbeat = null
		this.#presence = null
	}

	/** Tells every socket the server is going away and waits for whiteboard saves. */
	async close() {
		this.#stopHeartbeat()
		const hubs = [...this.#hubs.values()]
		for (const hub of hubs) hub.closeAll()
		await Promise.all(hubs.map((hub) => hub.flush()))
	}
}

// One registry per database, so the HTTP routes, the socket route and shutdown share it.
const registries = new WeakMap<Db, RoomHubs>()

export function roomHubs(
	{ db, redis }: Pick<ApiDeps, 'db' | 'redis'>,
	limits: RoomLimits = ROOM_LIMITS,
): RoomHubs {
	let hubs = registries.get(db)
	if (!hubs) {
		hubs = new RoomHubs(db, limits, redis)
		registries.set(db, hubs)
	}
	return hubs
}

/** Live rooms and sockets in this process (none before the first join). */
export const liveRoomCounts = (db: Db) => registries.get(db)?.counts() ?? { rooms: 0, sockets: 0 }

/** On shutdown: sockets are told the server is restarting (they reconnect) and saves finish. */
export const closeRooms = (db: Db) => registries.get(db)?.close()
