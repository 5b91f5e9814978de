import { Redis } from 'ioredis'
import { log } from './log.ts'

/**
 * The API's connections to Redis when `REDIS_URL` is set (docs/decisions/026): `commands` for the
 * rate limits' counters and for publishing, `subscriber` for the live rooms' pub/sub (a connection
 * in subscriber mode can do nothing else). Unset, the API keeps everything in its own memory.
 *
 * Every wait on Redis is bounded (docs/decisions/058): a command not answered within
 * REDIS_COMMAND_TIMEOUT_MS fails, one sent while the connection is down fails at once (no offline
 * queue), a socket that hears nothing for REDIS_SOCKET_TIMEOUT_MS after a write is dropped and
 * reconnected (a black-holed link), and a connection attempt gives up after
 * REDIS_CONNECT_TIMEOUT_MS. A lost connection is retried for ever. After a failed command the
 * circuit opens (redisUsable is false) until a PING answers again, so the requests meanwhile
 * count in memory at once instead of each waiting out the timeout.
 */
export type RedisConnections = {
	commands: Redis
	subscriber: Redis
	close: () => Promise<void>
}

export async function connectRedis(url: string): Promise<RedisConnections> {
	const connect = () => {
		const client = new Redis(url, {
			lazyConnect: true,
			commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
			connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
			socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
			enableOfflineQueue: false,
			maxRetriesPerRequest: 0,
			// The rooms' bus subscribes again itself after a reconnection (rooms/bus.ts): ioredis's
			// own SUBSCRIBE then is a promise nobody can handle, and its rejection (the connection
			// lost again before Redis answered) ended the process.
			autoResubscribe: false,
		})
		client.on('error', (error: Error) => log.error({ err: error.message }, 'Redis'))
		return client
	}
	const commands = connect()
	const subscriber = connect()
	try {
		await Promise.all([commands.connect(), subscriber.connect()])
	} catch (error) {
		// Unreachable at start: stop retrying, so the API exits and says why.
		commands.disconnect()
		subscriber.disconnect()
		throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, {
			cause: error,
		})
	}
	return {
		commands,
		subscriber,
		close: async () => {
			for (const client of [commands, subscriber]) clearInterval(openCircuits.get(client))
			await Promise.allSettled([commands.quit(), subscriber.quit()])
		},
	}
}

/** The longest a command waits for Redis's answer before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 500
/** The longest a connection attempt waits. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000
/** A socket that has heard nothing this long after a write is taken for dead and reconnected. */
export const REDIS_SOCKET_TIMEOUT_MS = 3_000
/** How often an open circuit asks Redis (a PING) whether it answers again. */
export const REDIS_PROBE_MS = 1_000

/** Each client whose circuit is open, with its probe. */
const openCircuits = new WeakMap<Redis, NodeJS.Timeout>()

/**
 * Whether a request may wait on this Redis connection now: it is connected and its circuit is
 * closed. A WeakMap lookup, cheap enough for every request.
 */
export function redisUsable(client: Redis): boolean {
	return client.status === 'ready' && !openCircuits.has(client)
}

/**
 * A command on this connection failed or timed out: the circuit opens, so requests stop waiting
 * on Redis, and closes when a PING (every REDIS_PROBE_MS) answers again.
 */
export function redisFailed(client: Redis): void {
	if (openCircuits.has(client)) return
	log.warn('Redis did not answer in time: counting in memory until it does')
	let probing = false
	const probe = setInterval(() => {
		if (probing || client.status !== 'ready') return
		probing = true
		client.ping().then(
			() => {
				clearInterval(probe)
				openCircuits.delete(client)
				log.info('Redis answers again')
			},
			() => {
				probing = false
			},
		)
	}, REDIS_PROBE_MS)
	probe.unref()
	openCircuits.set(client, probe)
}

/** A PING, refused at once while the connection is down or its circuit open. */
export async function redisAnswers(client: Redis): Promise<void> {
	if (client.status !== 'ready') throw new Error(`Redis connection is ${client.status}`)
	if (openCircuits.has(client)) throw new Error('Redis did not answer in time')
	await client.ping().catch((error: unknown) => {
		redisFailed(client)
		throw error
	})
}
