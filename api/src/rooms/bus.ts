import { randomUUID } from 'node:crypto'
import { log } from '../platform/log.ts'
import { redisFailed, redisUsable, type RedisConnections } from '../platform/redis.ts'
import type { Participant } from './presence.ts'
import type { ChatMessage } from './present.ts'

/** What one API process tells the others about a room (docs/decisions/026). */
export type RoomEvent = { roomId: string } & (
	| { type: 'chat'; message: ChatMessage }
	| { type: 'end' }
	| { type: 'muted'; by: string; except: string }
	| { type: 'signal'; from: string; to: string; data: unknown }
	/** A whiteboard update, already stored (base64). */
	| { type: 'board'; update: string }
	/** The members connected to `process`; an empty list when its last one left. */
	| { type: 'presence'; process: string; participants: Participant[] }
	/** A process that just opened the room asks the others who is in it. */
	| { type: 'hello'; process: string }
)

/**
 * How room events reach the other API processes. `publish` never delivers in this process (the
 * hubs do that at once themselves); `listen` hears only the other processes.
 */
export type RoomBus = {
	/** This process's id, in presence events. */
	readonly process: string
	/** Whether other processes may exist (false: the in-process default, where publishing is a no-op). */
	readonly shared: boolean
	/** Settles once this process hears the others (a room reads its board only after that). */
	readonly ready: Promise<void>
	publish(event: RoomEvent): void
	listen(listener: (event: RoomEvent) => void): void
	/**
	 * Called each time the connection to the others comes back after a loss, once this process
	 * hears them again: what was published meanwhile is lost, so rooms read it from the database.
	 */
	onReconnect(listener: () => void): void
}

export const REDIS_ROOM_CHANNEL = 'tutorhub:rooms'

export function localRoomBus(): RoomBus {
	return {
		process: randomUUID(),
		shared: false,
		ready: Promise.resolve(),
		publish() {},
		listen() {},
		onReconnect() {},
	}
}

type Envelope = { from: string; event: RoomEvent }

/**
 * Redis pub/sub: one channel for every room, which each process subscribes to at start, before
 * any room opens. So a process that opens a room and then reads its whiteboard from the database
 * misses nothing: an update stored before that read is in it, one stored after is published
 * after the subscription (a process stores an update, then publishes it).
 */
/** The most events one process keeps while Redis is away; the oldest go first past it. */
const UNSENT_LIMIT = 10_000
/** How often kept events are tried again. */
const UNSENT_RETRY_MS = 250

export function redisRoomBus(redis: RedisConnections): RoomBus {
	const process = randomUUID()
	const listeners: ((event: RoomEvent) => void)[] = []
	redis.subscriber.on('message', (channel: string, text: string) => {
		if (channel !== REDIS_ROOM_CHANNEL) return
		let envelope: Envelope
		try {
			envelope = JSON.parse(text) as Envelope
		} catch {
			return
		}
		if (envelope.from === process) return
		for (const listener of listeners) listener(envelope.event)
	})
	const ready = redis.subscriber.subscribe(REDIS_ROOM_CHANNEL).then(() => undefined)
	const reconnected: (() => void)[] = []
	// 'ready' again is a reconnection (the first came before this bus). Subscribing once more
	// settles when Redis has the subscription back, so a room reading its board after that
	// misses nothing published later.
	redis.subscriber.on('ready', () => {
		redis.subscriber.subscribe(REDIS_ROOM_CHANNEL).then(
			() => {
				for (const listener of reconnected) listener()
			},
			(error: Error) => log.error({ err: error.message }, 'Rooms: could not subscribe again'),
		)
	})
	// Events this process could not hand to Redis (its connection down or its circuit open), kept
	// in order and sent once Redis answers again, as ioredis's offline queue did before the waits
	// were bounded (docs/decisions/058): the other processes' rooms then converge. A send that
	// timed out is not sent again (Redis may have taken it).
	const unsent: string[] = []
	let flushing: NodeJS.Timeout | undefined
	const keep = (text: string) => {
		if (unsent.length >= UNSENT_LIMIT) unsent.shift()
		unsent.push(text)
		flushing ??= setInterval(flush, UNSENT_RETRY_MS)
		flushing.unref()
	}
	const send = (text: string) =>
		redis.commands.publish(REDIS_ROOM_CHANNEL, text).then(
			() => true,
			(error: Error) => {
				redisFailed(redis.commands)
				if (!/timed out/i.test(error.message)) keep(text)
				else log.error({ err: error.message }, 'Rooms: an event was not shared')
				return false
			},
		)
	let sending = false
	async function flush() {
		if (sending || !redisUsable(redis.commands)) return
		sending = true
		try {
			while (unsent.length > 0 && redisUsable(redis.commands)) {
				const text = unsent.shift() as string
				if (!(await send(text))) break
			}
			if (unsent.length === 0 && flushing) {
				clearInterval(flushing)
				flushing = undefined
			}
		} finally {
			sending = false
		}
	}
	return {
		process,
		shared: true,
		ready,
		publish(event) {
			const text = JSON.stringify({ from: process, event } satisfies Envelope)
			if (unsent.length > 0 || !redisUsable(redis.commands)) return keep(text)
			void send(text)
		},
		listen(listener) {
			listeners.push(listener)
		},
		onReconnect(listener) {
			reconnected.push(listener)
		},
	}
}
