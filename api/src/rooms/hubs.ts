import type { WSContext } from 'hono/ws'
import type { Db } from '../db.ts'
import type { ApiDeps, RoomLimits } from '../platform/context.ts'
import type { RedisConnections } from '../platform/redis.ts'
import { localRoomBus, redisRoomBus, type RoomBus, type RoomEvent } from './bus.ts'
import { HEARTBEAT_MS } from './connection.ts'
import { RoomHub } from './hub.ts'
import { createRates, ROOM_LIMITS, type Rates } from './limits.ts'
import { PRESENCE_MS, type Member } from './presence.ts'

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
		// Cut off from the other processes: the members here are told; heard again, they are told
		// so and the rooms catch up with what was stored meanwhile (this process's own events,
		// kept while Redis was away, go to the others then: bus.ts).
		this.#bus.onApart((apart) => {
			for (const hub of this.#hubs.values()) {
				hub.presence.broadcast({ type: 'split', split: apart })
				if (!apart) void hub.resync()
			}
		})
	}

	/** Whether this process is cut off from the others while they likely hear each other. */
	get partitioned() {
		return this.#bus.partitioned
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

/**
 * The room sockets' readiness (`GET /health/rooms`): fails while this process is cut off from the
 * others, so a balancer sends new room sockets to one that hears them.
 */
export const roomBusCheck = (deps: Pick<ApiDeps, 'db' | 'redis'>) => async () => {
	if (roomHubs(deps).partitioned) throw new Error('cut off from the other API processes')
}

/** Live rooms and sockets in this process (none before the first join). */
export const liveRoomCounts = (db: Db) => registries.get(db)?.counts() ?? { rooms: 0, sockets: 0 }

/** On shutdown: sockets are told the server is restarting (they reconnect) and saves finish. */
export const closeRooms = (db: Db) => registries.get(db)?.close()
