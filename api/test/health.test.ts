import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, startApi, type TestApi } from './helpers.ts'

describe('GET /health', () => {
	let api: TestApi
	beforeAll(async () => {
		api = await startApi({ seed: false })
	})
	afterAll(() => api.close())

	test('answers 200 with each dependency it checked, without a session', async () => {
		const answer = await call(api, 'GET', '/health')
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({ status: 'ok', checks: { database: 'ok' } })
		expect(answer.headers.get('cache-control')).toBe('no-store')
		expect(answer.headers.get('set-cookie')).toBeNull()
	})
})

describe('GET /health with a dependency down', () => {
	let api: TestApi
	let redisUp = true
	beforeAll(async () => {
		api = await startApi({
			seed: false,
			// As the API registers Redis when REDIS_URL is set: a PING that fails while it is down.
			healthChecks: {
				redis: async () => {
					if (!redisUp) throw new Error('connect ECONNREFUSED')
				},
			},
		})
	})
	afterAll(() => api.close())

	test('Redis down is reported, not a failure: 200 degraded, naming it', async () => {
		expect((await call(api, 'GET', '/health')).body).toEqual({
			status: 'ok',
			checks: { database: 'ok', redis: 'ok' },
		})
		redisUp = false
		const answer = await call(api, 'GET', '/health')
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({
			status: 'degraded',
			degraded: ['redis'],
			checks: { database: 'ok', redis: 'unreachable' },
		})
	})

	test('a database that does not answer is 503 naming the database, Redis down or not', async () => {
		// The database gone from under the running API (its connections closed).
		await api.db.destroy()
		const answer = await call(api, 'GET', '/health')
		expect(answer.status).toBe(503)
		expect(answer.body).toEqual({
			status: 'unavailable',
			failing: ['database'],
			checks: { database: 'unreachable', redis: 'unreachable' },
		})
	})
})

describe('GET /health/rooms: readiness for new room sockets (issue 42)', () => {
	let api: TestApi
	let busHeard = true
	beforeAll(async () => {
		api = await startApi({
			seed: false,
			// As the API registers its room bus with Redis: fails while cut off from the others.
			roomHealthChecks: {
				roomBus: async () => {
					if (!busHeard) throw new Error('cut off from the other API processes')
				},
			},
		})
	})
	afterAll(() => api.close())

	test('503 naming the bus while this process is cut off; /health stays 200 and names it', async () => {
		expect(await call(api, 'GET', '/health/rooms')).toMatchObject({
			status: 200,
			body: { status: 'ok', checks: { database: 'ok', roomBus: 'ok' } },
		})
		busHeard = false
		const rooms = await call(api, 'GET', '/health/rooms')
		expect(rooms.status).toBe(503)
		expect(rooms.body).toEqual({
			status: 'unavailable',
			failing: ['roomBus'],
			checks: { database: 'ok', roomBus: 'unreachable' },
		})
		expect(rooms.headers.get('cache-control')).toBe('no-store')
		expect(await call(api, 'GET', '/health')).toMatchObject({
			status: 200,
			body: { status: 'degraded', degraded: ['roomBus'] },
		})
		busHeard = true
		expect((await call(api, 'GET', '/health/rooms')).status).toBe(200)
	})
})
