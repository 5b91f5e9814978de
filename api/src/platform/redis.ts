import { Redis } from 'ioredis'
import { log } from './log.ts'

/**
 * The API's connections to Redis when `REDIS_URL` is set (docs/decisions/026): `commands` for the
 * rate limits' counters and for publishing, `subscriber` for the live rooms' pub/sub (a connection
 * in subscriber mode can do nothing else). Unset, the API keeps everything in its own memory.
 *
 * A lost connection is retried for ever; commands wait in ioredis's queue meanwhile, so nothing a
 * request waits for may be sent while it is down: the rate limiters count in memory then and give
 * up a delete after a short wait (rate-limit.ts), and the health check asks only a ready
 * connection, so a Redis restart never answers 500 nor holds a login.
 */
export type RedisConnections = {
	commands: Redis
	subscriber: Redis
	close: () => Promise<void>
}

export async function connectRedis(url: string): Promise<RedisConnections> {
	const connect = () => {
		const client = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true })
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
			await Promise.allSettled([commands.quit(), subscriber.quit()])
		},
	}
}

/** A PING, refused at once while the connection is down instead of waiting in ioredis's queue. */
export async function redisAnswers(client: Redis): Promise<void> {
	if (client.status !== 'ready') throw new Error(`Redis connection is ${client.status}`)
	await client.ping()
}
