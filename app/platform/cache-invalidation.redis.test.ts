import { createConnection, createServer, type AddressInfo, type Server } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTempRedis } from '../../scripts/temp-redis.mjs'
import { REDIS_INVALIDATION_CHANNEL, redisInvalidationChannel } from './cache-invalidation.server'

// Decision 071: an app process drops its cache when its subscription comes back, because what
// other processes published meanwhile was lost to it. ioredis says 'ready' once it has written
// SUBSCRIBE again, before Redis has it, so a change published just after the drop was missed, and an answer read in
// between stayed cached, stale, for the cache's five minutes. Here a real redis-server closes the
// app's subscription (CLIENT KILL, as a restart or a dropped link does), the SUBSCRIBE that follows
// takes a while to arrive (a busy link), and another process publishes the moment the cache was
// dropped.

let redis: Awaited<ReturnType<typeof startTempRedis>> | undefined
let port = 0
let proxy: Server
let proxyPort = 0
/** How long the app's SUBSCRIBE takes to reach Redis through the proxy. */
const SUBSCRIBE_TRAVELS_MS = 300

/** Forwards to Redis, every SUBSCRIBE late (bytes in order); closes both ends as either goes. */
async function startSlowSubscribeProxy(): Promise<Server> {
	const server = createServer((client) => {
		const upstream = createConnection({ port, host: '127.0.0.1' })
		let written = Promise.resolve()
		client.on('data', (chunk: Buffer) => {
			const late = chunk.toString('latin1').toLowerCase().includes('subscribe')
			written = written
				.then(() => (late ? sleep(SUBSCRIBE_TRAVELS_MS) : undefined))
				.then(() => void (upstream.destroyed || upstream.write(chunk)))
		})
		upstream.pipe(client)
		for (const socket of [client, upstream]) {
			socket.on('error', () => {})
			socket.on('close', () => {
				client.destroy()
				upstream.destroy()
			})
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return server
}

beforeAll(async () => {
	redis = await startTempRedis()
	port = redis.port
	proxy = await startSlowSubscribeProxy()
	proxyPort = (proxy.address() as AddressInfo).port
})

afterAll(async () => {
	proxy?.close()
	await redis?.stop()
})

async function until(condition: () => boolean, what: string): Promise<void> {
	const deadline = Date.now() + 5_000
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await sleep(10)
	}
}

test('a change published the moment the cache was dropped after a reconnection is heard', async () => {
	const other = new Redis(`redis://127.0.0.1:${port}`)
	const heard: string[] = []
	let subscribed = 0
	let publishNext: string | undefined
	const channel = redisInvalidationChannel(`redis://127.0.0.1:${proxyPort}`, {
		onSubscribed: () => {
			subscribed++
			// Another app process's change, the moment this one dropped what it cached.
			if (publishNext) {
				void other.publish(
					REDIS_INVALIDATION_CHANNEL,
					JSON.stringify({ from: 'another-process', tags: [publishNext] }),
				)
			}
		},
	})
	channel.subscribe((tags) => heard.push(...tags))
	try {
		await until(() => subscribed === 1, 'the first subscription')
		await other.publish(
			REDIS_INVALIDATION_CHANNEL,
			JSON.stringify({ from: 'another-process', tags: ['courses'] }),
		)
		await until(() => heard.includes('courses'), 'a change while subscribed')

		for (const round of [1, 2, 3]) {
			publishNext = `tasks-${round}`
			await other.call('CLIENT', 'KILL', 'TYPE', 'pubsub')
			await until(() => subscribed === round + 1, `subscription ${round + 1}`)
			await until(() => heard.includes(`tasks-${round}`), `the change after reconnection ${round}`)
		}
	} finally {
		await channel.close()
		other.disconnect()
	}
})

test('a change of its own is applied here at once and not applied twice when it comes back', async () => {
	const url = `redis://127.0.0.1:${port}`
	const heard: (readonly string[])[] = []
	let subscribed = 0
	const channel = redisInvalidationChannel(url, { onSubscribed: () => subscribed++ })
	const other = redisInvalidationChannel(url, { onSubscribed: () => subscribed++ })
	const otherHeard: (readonly string[])[] = []
	channel.subscribe((tags) => heard.push(tags))
	other.subscribe((tags) => otherHeard.push(tags))
	try {
		await until(() => subscribed === 2, 'both subscriptions')
		channel.publish(['announcements', 'announcements'])
		expect(heard).toEqual([['announcements']])
		await until(() => otherHeard.length === 1, 'the other process hearing it')
		await sleep(200)
		expect(heard).toEqual([['announcements']])
		expect(otherHeard).toEqual([['announcements']])
	} finally {
		await Promise.all([channel.close(), other.close()])
	}
})
