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
	/**
	 * Whether this process is cut off from the others now (its Redis link is down or does not
	 * answer): its rooms' members do not hear the others', and the others do not hear them.
	 */
	readonly apart: boolean
	/** Called each time this process is cut off from the others (true) or hears them again (false). */
	onApart(listener: (apart: boolean) => void): void
	/**
	 * Cut off while Redis itself seems up (its link is silent, not refused): the others likely hear
	 * each other, so new room sockets belong with them (readiness). A Redis that refuses
	 * connections is down for every process, and each one's room sockets are as good as another's.
	 */
	readonly partitioned: boolean
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
		apart: false,
		partitioned: false,
		onApart() {},
	}
}

/** A room event from one process; or its heartbeat, which it listens for itself (`apart`). */
type Envelope =
	{ from: string; event: RoomEvent; heartbeat?: undefined } | { from: string; heartbeat: true }

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
/** How soon a subscription that failed on a connection still up is tried again. */
const RESUBSCRIBE_MS = 1_000
/** How often a process publishes its heartbeat, which it must hear back (`apart`). */
export const BUS_PROBE_MS = 1_000

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
		if (envelope.heartbeat) {
			if (envelope.from === process) {
				heardAt = Date.now()
				refused = false
			}
			return
		}
		if (envelope.from === process) return
		for (const listener of listeners) listener(envelope.event)
	})
	// This bus subscribes, at start and after every reconnection ('ready' again), never ioredis on
	// its own (`autoResubscribe` is off: its SUBSCRIBE's failure was a rejection nobody handled,
	// which ended the process when the connection dropped again before Redis answered). A
	// subscription settles when Redis has it, so a room reading its board after that misses
	// nothing published later. One that fails is tried again: by the next 'ready' when the
	// connection was lost meanwhile, after RESUBSCRIBE_MS when it is still up (the answer timed
	// out); subscribing twice to a channel is harmless.
	let subscribedOnce: () => void = () => {}
	const ready = new Promise<void>((resolve) => {
		subscribedOnce = resolve
	})
	let everSubscribed = false
	let retrying: NodeJS.Timeout | undefined
	const reconnected: (() => void)[] = []
	const subscribe = () => {
		clearTimeout(retrying)
		retrying = undefined
		redis.subscriber.subscribe(REDIS_ROOM_CHANNEL).then(
			() => {
				if (!everSubscribed) {
					everSubscribed = true
					return subscribedOnce()
				}
				for (const listener of reconnected) listener()
			},
			(error: Error) => {
				log.error({ err: error.message }, 'Rooms: could not subscribe')
				if (redis.subscriber.status === 'ready' && !retrying) {
					retrying = setTimeout(subscribe, RESUBSCRIBE_MS)
					retrying.unref()
				}
			},
		)
	}
	subscribe()
	redis.subscriber.on('ready', subscribe)
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
	// Cut off from the others: this process no longer hears its own heartbeat, published every
	// BUS_PROBE_MS on the rooms' channel through Redis and back through its own subscription (the
	// way every room event travels), or its publishing connection is down or its circuit open. A
	// black-holed link gives no error of its own (a subscriber writes nothing, so it never
	// notices); the missing heartbeat shows it. Told to the rooms (their members) when it changes.
	let apart = false
	const apartListeners: ((apart: boolean) => void)[] = []
	let heardAt = Date.now()
	/** The last error of either connection was a refusal: Redis itself is down, for everyone. */
	let refused = false
	for (const client of [redis.commands, redis.subscriber]) {
		client.on('error', (error: NodeJS.ErrnoException) => {
			refused = error.code === 'ECONNREFUSED'
		})
	}
	const heartbeat = JSON.stringify({ from: process, heartbeat: true })
	const probe = setInterval(() => {
		if (redisUsable(redis.commands))
			redis.commands.publish(REDIS_ROOM_CHANNEL, heartbeat).catch(() => {})
		const now = Date.now() - heardAt > BUS_PROBE_MS * 2.5 || !redisUsable(redis.commands)
		if (now === apart) return
		apart = now
		if (apart) log.warn('Rooms: cut off from the other API processes (Redis does not answer)')
		else log.info('Rooms: the other API processes are heard again')
		for (const listener of apartListeners) listener(apart)
	}, BUS_PROBE_MS)
	probe.unref()
	return {
		process,
		shared: true,
		ready,
		get apart() {
			return apart
		},
		get partitioned() {
			return apart && !refused
		},
		onApart(listener) {
			apartListeners.push(listener)
		},
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
