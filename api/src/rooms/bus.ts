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
	return {
		process,
		shared: true,
		ready,
		publish(event) {
			const envelope: Envelope = { from: process, event }
			// With the circuit open the event stays in this process (docs/decisions/058).
			if (!redisUsable(redis.commands)) return
			redis.commands.publish(REDIS_ROOM_CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
				redisFailed(redis.commands)
				log.error(
					{ err: error.message },
					`Room ${event.roomId}: a ${event.type} event was not shared`,
				)
			})
		},
		listen(listener) {
			listeners.push(listener)
		},
		onReconnect(listener) {
			reconnected.push(listener)
		},
	}
}
