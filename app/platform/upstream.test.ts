import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { z } from 'zod'
import {
	EVERY_SESSION,
	ResponseCache,
	SESSION_RECHECK_MS,
	sessionTag,
	userTag,
} from './upstream-cache.server'
import { SessionExpiredError, UpstreamError } from './upstream-errors'
import { accessTokenExpiresSoon } from './upstream-session.server'
import { client, failure, type Handler, type Hit, upstreamServer } from './upstream-test-server'

const coursesSchema = z.object({ courses: z.array(z.string()) })
const okSchema = z.object({ ok: z.boolean() })

function json(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string | string[]> = {},
) {
	res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
	res.end(JSON.stringify(body))
}

async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
	const error = await failure(promise)
	if (!(error instanceof UpstreamError)) throw error
	return error
}

/** Answers 403 to the old token and serves the new one; the refresh endpoint hands out 'new-access'. */
function expiringSession(
	refresh: (hit: Hit, res: ServerResponse) => void = (_, res) =>
		json(res, 200, { token: 'new-access' }),
): Handler {
	return (hit, res) => {
		if (hit.path === '/api/v1/auth/refresh-token') return refresh(hit, res)
		if (hit.headers.authorization === 'Bearer new-access')
			return json(res, 200, { courses: [hit.path] })
		json(res, 403, { message: 'Access token is missing or expired' })
	}
}

/** The calls for data, without the checks that a sign-in is still open (GET /auth/session). */
const dataCalls = (server: { hits: Hit[] }) =>
	server.hits.filter((hit) => hit.path !== '/api/v1/auth/session')

function fakeJwt(exp: number): string {
	const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
	return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', exp })}.signature`
}

test('a 403 refreshes the token once and replays the call with the new bearer', async () => {
	const server = await upstreamServer(expiringSession())
	const { upstream, changes } = client(server.baseUrl)

	const answer = await upstream.get('/courses/list', {
		query: { page: 1 },
		schema: coursesSchema,
		fallback: 'Failed to fetch courses',
	})

	expect(answer).toEqual({ courses: ['/api/v1/courses/list?page=1'] })
	expect(server.hits.map((hit) => hit.path)).toEqual([
		'/api/v1/courses/list?page=1',
		'/api/v1/auth/refresh-token',
		'/api/v1/courses/list?page=1',
	])
	const [first, refresh, replay] = server.hits
	expect(first?.headers.authorization).toBe('Bearer old-access')
	expect(refresh?.method).toBe('POST')
	expect(refresh?.headers['x-retry']).toBe('true')
	expect(refresh?.headers.cookie).toBe('refreshToken=r1')
	expect(refresh?.body).toBe('')
	expect(replay?.headers.authorization).toBe('Bearer new-access')
	expect(changes.at(-1)).toEqual({
		tokens: { accessToken: 'new-access', refreshToken: 'r1' },
		cookies: { refreshToken: 'r1' },
	})
	expect(upstream.tokens()).toEqual({ accessToken: 'new-access', refreshToken: 'r1' })
})

test('concurrent 403s in one request share a single refresh', async () => {
	const server = await upstreamServer(
		expiringSession((_, res) => setTimeout(() => json(res, 200, { token: 'new-access' }), 50)),
	)
	const { upstream } = client(server.baseUrl)

	const answers = await Promise.all(
		['/courses/list', '/tasks', '/resources'].map((path) =>
			upstream.get(path, { schema: coursesSchema, fallback: 'Failed', cache: false }),
		),
	)

	expect(answers.map((answer) => answer.courses[0])).toEqual([
		'/api/v1/courses/list',
		'/api/v1/tasks',
		'/api/v1/resources',
	])
	expect(server.count('/api/v1/auth/refresh-token')).toBe(1)
	expect(server.hits).toHaveLength(7)
})

test('a refused refresh ends the session', async () => {
	const server = await upstreamServer(
		expiringSession((_, res) => json(res, 401, { message: 'Invalid or expired refresh token' })),
	)
	const { upstream, changes } = client(server.baseUrl)

	const error = await failure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error).toBeInstanceOf(SessionExpiredError)
	expect(error).toMatchObject({
		reason: 'refresh-failed',
		toast: { title: 'Session expired. Please login again.' },
	})
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: {} })
	expect(upstream.tokens()).toBeNull()
	expect(server.count('/api/v1/courses/list')).toBe(1)
})

test('a refresh answer without a token ends the session', async () => {
	const server = await upstreamServer(expiringSession((_, res) => json(res, 200, { token: '' })))
	const { upstream } = client(server.baseUrl)

	const error = await failure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed' }),
	)

	expect(error).toMatchObject({ name: 'SessionExpiredError', reason: 'refresh-failed' })
})

test('a refresh that times out ends the session with the timed-out toast', async () => {
	const server = await upstreamServer(expiringSession(() => {}))
	const { upstream, changes } = client(server.baseUrl, { timeoutMs: 200 })

	const error = await failure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed' }),
	)

	expect(error).toBeInstanceOf(SessionExpiredError)
	expect(error).toMatchObject({
		reason: 'refresh-timeout',
		toast: { title: 'Request timed out. Server may be sleeping. Please try again.' },
	})
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: {} })
})

test('a refresh that cannot reach the upstream keeps the session', async () => {
	const server = await upstreamServer(expiringSession((_, res) => res.socket?.destroy()))
	const { upstream, changes } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error.kind).toBe('network')
	expect(error.text).toBe('Failed to fetch courses')
	expect(upstream.tokens()).toEqual({ accessToken: 'old-access', refreshToken: 'r1' })
	expect(changes).toEqual([])
})

test('a refresh the upstream fails (a database outage answering 500) keeps the session', async () => {
	const server = await upstreamServer(
		expiringSession((_, res) => json(res, 500, { message: 'Internal server error' })),
	)
	const { upstream, changes } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error.status).toBe(500)
	expect(error.toast).toMatchObject({ title: 'Error', description: 'Internal server error' })
	expect(upstream.tokens()).toEqual({ accessToken: 'old-access', refreshToken: 'r1' })
	expect(changes).toEqual([])
	// The API back: the next call refreshes and is answered.
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const later = await upstreamServer(expiringSession())
	const { upstream: next } = client(later.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'r1' },
	})
	expect(await next.refreshIfExpiring()).toBe(true)
})

test('an expiring token whose refresh answers 503 is kept until the API is back', async () => {
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const server = await upstreamServer(
		expiringSession((_, res) => json(res, 503, { message: 'Service unavailable' })),
	)
	const { upstream, changes } = client(server.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'r1' },
	})

	expect(await upstream.refreshIfExpiring()).toBe(false)
	expect(upstream.tokens()).toEqual({ accessToken: expired, refreshToken: 'r1' })
	expect(changes).toEqual([])
})

test('a replay refused again is a permission error, not a logout', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/auth/refresh-token') return json(res, 200, { token: 'new-access' })
		json(res, 403, { message: 'You do not have permission to do this' })
	})
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.send('DELETE', '/courses/delete-course/1', {
			schema: okSchema,
			fallback: 'Failed to delete course',
		}),
	)

	expect(error.status).toBe(403)
	expect(error.text).toBe('You do not have permission to do this')
	expect(error.toast).toMatchObject({
		title: 'Error',
		description: 'You do not have permission to do this',
	})
	expect(upstream.tokens()?.accessToken).toBe('new-access')

	// The new token was refused too: that is a refusal, so no second refresh.
	await upstreamFailure(
		upstream.get('/tasks', { schema: okSchema, fallback: 'Failed to fetch tasks' }),
	)
	expect(server.count('/api/v1/auth/refresh-token')).toBe(1)
	expect(server.hits.at(-1)?.headers.authorization).toBe('Bearer new-access')
})

test('without tokens a 403 is answered as is', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 403, { message: 'Access token is missing or expired' }),
	)
	const { upstream } = client(server.baseUrl, { tokens: null })

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed' }),
	)

	expect(error.status).toBe(403)
	expect(server.hits).toHaveLength(1)
	expect(server.hits[0]?.headers.authorization).toBeUndefined()
})

test('an upstream that never answers times out', async () => {
	const server = await upstreamServer(() => {})
	const { upstream } = client(server.baseUrl, { timeoutMs: 200 })
	const started = Date.now()

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(Date.now() - started).toBeLessThan(1500)
	expect(error.kind).toBe('timeout')
	expect(error.text).toBe('Failed to fetch courses')
	expect(error.toast).toMatchObject({
		title: 'Request Timeout',
		duration: 6000,
		action: { label: 'Retry' },
	})
})

test('headers sent but the body never finishing also times out', async () => {
	const server = await upstreamServer((_, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' })
		res.write('{"courses": [')
	})
	const { upstream } = client(server.baseUrl, { timeoutMs: 200 })

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed' }),
	)

	expect(error.kind).toBe('timeout')
})

test('a 500 with a JSON message shows that message', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 500, { message: 'Internal server error' }),
	)
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error).toMatchObject({ status: 500, kind: 'message', text: 'Internal server error' })
	expect(error.toast).toEqual({
		type: 'error',
		title: 'Error',
		description: 'Internal server error',
		duration: 4000,
	})
})

test('a 500 with an HTML page falls back to the call text', async () => {
	const server = await upstreamServer((_, res) => {
		res.writeHead(500, { 'Content-Type': 'text/html' })
		res.end('<html><body>Bad gateway</body></html>')
	})
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error).toMatchObject({ status: 500, kind: 'unknown', text: 'Failed to fetch courses' })
	expect(error.toast).toMatchObject({
		title: 'Something went wrong',
		description: 'Request failed with status 500',
	})
})

test('malformed JSON or the wrong shape in a 200 is an unexpected response', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/broken') {
			res.writeHead(200, { 'Content-Type': 'application/json' })
			return res.end('{"courses": [')
		}
		json(res, 200, { courses: 'not a list' })
	})
	const { upstream } = client(server.baseUrl)

	for (const path of ['/broken', '/shape']) {
		const error = await upstreamFailure(
			upstream.get(path, { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
		)
		expect(error).toMatchObject({ kind: 'unknown', text: 'Failed to fetch courses' })
		expect(error.toast).toMatchObject({
			title: 'Something went wrong',
			description: 'Unexpected response from the server',
		})
	}
})

test('a connection destroyed mid-answer is a network error', async () => {
	const server = await upstreamServer((_, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200' })
		res.write('{"courses": [', () => setTimeout(() => res.socket?.destroy(), 10))
	})
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed to fetch courses' }),
	)

	expect(error).toMatchObject({ kind: 'network', text: 'Failed to fetch courses' })
	expect(error.toast).toMatchObject({
		title: 'Network Error',
		duration: 5000,
		action: { label: 'Retry' },
	})
})

test('a server that is down is a network error', async () => {
	const closed = createServer()
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
	const { port } = closed.address() as AddressInfo
	await new Promise((resolve) => closed.close(resolve))
	const { upstream } = client(`http://127.0.0.1:${port}/api/v1`)

	const error = await upstreamFailure(
		upstream.send('POST', '/auth/login', { json: {}, schema: okSchema, fallback: 'Login failed' }),
	)

	expect(error).toMatchObject({ kind: 'network', text: 'Login failed' })
	expect(error.status).toBeUndefined()
})

test('a 400 with errors[] gives the validation toast and the field errors', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 400, {
			message: 'Validation failed',
			errors: [{ path: 'email', msg: 'Enter a valid email address' }],
		}),
	)
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.send('POST', '/auth/register-student', {
			json: { email: 'x' },
			schema: okSchema,
			fallback: 'Registration failed',
			retry: true,
		}),
	)

	expect(error).toMatchObject({ status: 400, kind: 'validation', text: 'Validation failed' })
	expect(error.fieldErrors).toEqual([{ path: 'email', msg: 'Enter a valid email address' }])
	expect(error.toast).toEqual({
		type: 'error',
		title: 'Validation Error',
		description: 'email: Enter a valid email address',
		duration: 5000,
		action: { label: 'Dismiss' },
	})
	// Other 4xx answers are final, even for a call that retries.
	expect(server.hits).toHaveLength(1)
})

test('an error-string body: Request Failed, and the error field is the text where the call says so', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 409, { error: 'An organization with this email already exists' }),
	)
	const { upstream } = client(server.baseUrl)

	const create = await upstreamFailure(
		upstream.send('POST', '/organizations/register', {
			form: new FormData(),
			schema: okSchema,
			fallback: 'Failed to create organization',
			errorField: 'error',
		}),
	)
	expect(create).toMatchObject({
		status: 409,
		kind: 'error-string',
		text: 'An organization with this email already exists',
	})
	expect(create.toast).toMatchObject({
		title: 'Request Failed',
		description: 'An organization with this email already exists',
	})

	const other = await upstreamFailure(
		upstream.send('PUT', '/organizations/1', {
			json: {},
			schema: okSchema,
			fallback: 'Failed to update organization',
		}),
	)
	expect(other.text).toBe('Failed to update organization')
})

test('a list call retries 5xx and 429 with back-off, then succeeds', async () => {
	const statuses = [500, 429]
	const server = await upstreamServer((_, res) => {
		const status = statuses.shift()
		if (status) return json(res, status, { message: 'Busy' })
		json(res, 200, { courses: ['algebra'] })
	})
	const delays: number[] = []
	const { upstream } = client(server.baseUrl, {
		retryDelayMs: (attempt) => (delays.push(attempt), 1),
	})

	const answer = await upstream.get('/courses/list', {
		schema: coursesSchema,
		fallback: 'Failed to fetch courses',
		retry: true,
	})

	expect(answer).toEqual({ courses: ['algebra'] })
	expect(server.hits).toHaveLength(3)
	expect(delays).toEqual([1, 2])
})

test('a list call gives up after 3 attempts with Max retries exceeded', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 503, { message: 'Service unavailable' }),
	)
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/tasks', { schema: okSchema, fallback: 'Failed to fetch tasks', retry: true }),
	)

	expect(server.hits).toHaveLength(3)
	expect(error).toMatchObject({ status: 503, text: 'Service unavailable' })
	expect(error.cause).toBeInstanceOf(Error)
	expect((error.cause as Error).message).toBe('Max retries exceeded')
})

test('a retried write repeats a 5xx but never a 429 or a timeout, which may have been applied', async () => {
	const statuses = [502]
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/auth/login-limited')
			return json(res, 429, { message: 'Too many failed login attempts.' })
		if (hit.path === '/api/v1/auth/slow') return
		const status = statuses.shift()
		if (status) return json(res, status, { message: 'Bad gateway' })
		json(res, 200, { ok: true })
	})
	const { upstream } = client(server.baseUrl, { timeoutMs: 100 })
	const send = (path: string) =>
		upstream.send('POST', path, {
			json: {},
			schema: okSchema,
			fallback: 'Login failed',
			retry: true,
		})

	expect(await send('/auth/login')).toEqual({ ok: true })
	expect(server.count('/api/v1/auth/login')).toBe(2)
	expect(await upstreamFailure(send('/auth/login-limited'))).toMatchObject({ status: 429 })
	expect(server.count('/api/v1/auth/login-limited')).toBe(1)
	expect(await upstreamFailure(send('/auth/slow'))).toMatchObject({ kind: 'timeout' })
	expect(server.count('/api/v1/auth/slow')).toBe(1)
})

test('one time budget per request: after a call waited out a locked table, the next ones do not wait again (issue 42)', async () => {
	// The API answers 503 after its own database timeout (here 1 s) while a table is locked.
	const locked = (res: ServerResponse) =>
		setTimeout(
			() => json(res, 503, { message: 'The server is taking longer than expected.' }),
			1000,
		)
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/courses/ping') return json(res, 200, { ok: true })
		locked(res)
	})
	// Each call alone may wait 3 s; the action's wait spends the request's budget.
	const { upstream } = client(server.baseUrl, { timeoutMs: 3000 })
	const action = await upstreamFailure(
		upstream.send('POST', '/courses', { json: {}, schema: okSchema, fallback: 'Failed' }),
	)
	expect(action).toMatchObject({ status: 503 })
	const loaderStarted = Date.now()
	const [list, ping] = await Promise.allSettled([
		upstream.get('/courses/list', { schema: coursesSchema, fallback: 'Failed', retry: true }),
		// What waits on nothing still answers.
		upstream.get('/courses/ping', { schema: okSchema, fallback: 'Failed' }),
	])
	// Before: the list waited its own 1 s three times, with retries between (3 s and more).
	expect(Date.now() - loaderStarted).toBeLessThan(2_000)
	expect(list).toMatchObject({ status: 'rejected', reason: { kind: 'timeout' } })
	expect(server.count('/api/v1/courses/list')).toBe(1)
	expect(ping).toEqual({ status: 'fulfilled', value: { ok: true } })
})

test('a quick 503 (an API restarting behind its balancer) spends no budget', async () => {
	const statuses = [503]
	const server = await upstreamServer((_, res) => {
		const status = statuses.shift()
		json(res, status ?? 200, status ? { message: 'Service unavailable' } : { courses: [] })
	})
	const { upstream } = client(server.baseUrl)
	expect(
		await upstream.get('/courses/list', { schema: coursesSchema, fallback: 'F', retry: true }),
	).toEqual({ courses: [] })
	expect(server.hits).toHaveLength(2)
})

test('a call without retry makes one attempt', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 500, { message: 'Internal server error' }),
	)
	const { upstream } = client(server.baseUrl)

	const error = await upstreamFailure(
		upstream.get('/tasks', { schema: okSchema, fallback: 'Failed to fetch tasks' }),
	)

	expect(server.hits).toHaveLength(1)
	expect(error.cause).toBeUndefined()
})

test('a cached GET is served without a call, per user, until a mutation of its resource', async () => {
	let version = 0
	const server = await upstreamServer((hit, res) => {
		if (hit.method !== 'GET') {
			version++
			return json(res, 200, { ok: true })
		}
		json(res, 200, { courses: [`v${version}`] })
	})
	const cache = new ResponseCache()
	const student = client(server.baseUrl, { cache }).upstream
	const teacher = client(server.baseUrl, { cache, userKey: 'u2' }).upstream
	const list = {
		query: { page: 1, limit: 10 },
		schema: coursesSchema,
		fallback: 'Failed to fetch courses',
	}

	expect(await student.get('/courses/list', list)).toEqual({ courses: ['v0'] })
	expect(await student.get('/courses/list', { ...list, query: { limit: 10, page: 1 } })).toEqual({
		courses: ['v0'],
	})
	expect(dataCalls(server)).toHaveLength(1)

	await teacher.get('/courses/list', list)
	expect(dataCalls(server)).toHaveLength(2)

	await teacher.send('PUT', '/courses/update-course/1', {
		json: { title: 'New' },
		schema: okSchema,
		fallback: 'Failed to update course',
	})
	expect(await student.get('/courses/list', list)).toEqual({ courses: ['v1'] })
	expect(dataCalls(server)).toHaveLength(4)

	await student.get('/courses/list', { ...list, cache: false })
	await student.get('/courses/list', { ...list, fresh: true })
	expect(dataCalls(server)).toHaveLength(6)
	await student.get('/courses/list', list)
	expect(dataCalls(server)).toHaveLength(6)
})

test('a mutation also invalidates the resources it names', async () => {
	const server = await upstreamServer((hit, res) =>
		json(res, 200, hit.method === 'GET' ? { courses: [] } : { ok: true }),
	)
	const { upstream } = client(server.baseUrl)
	const schedules = { schema: coursesSchema, fallback: 'Failed to fetch schedules' }

	await upstream.get('/schedule', schedules)
	await upstream.send('PUT', '/schedules/1', {
		json: {},
		schema: okSchema,
		fallback: 'Failed to update schedule',
		invalidates: ['schedule'],
	})
	await upstream.get('/schedule', schedules)

	expect(server.count('/api/v1/schedule')).toBe(2)
})

test('a request marked fresh (a full page reload) asks the upstream and refreshes the cache', async () => {
	let version = 0
	const server = await upstreamServer((_, res) => json(res, 200, { courses: [`v${version}`] }))
	const cache = new ResponseCache()
	const list = { schema: coursesSchema, fallback: 'Failed to fetch tasks' }
	const navigation = client(server.baseUrl, { cache }).upstream
	expect(await navigation.get('/tasks', list)).toEqual({ courses: ['v0'] })
	// Changed where this process could not see it (a provider's webhook at the API).
	version = 1
	expect(await navigation.get('/tasks', list)).toEqual({ courses: ['v0'] })
	const reload = client(server.baseUrl, { cache, fresh: true }).upstream
	expect(await reload.get('/tasks', list)).toEqual({ courses: ['v1'] })
	expect(await navigation.get('/tasks', list)).toEqual({ courses: ['v1'] })
	expect(dataCalls(server)).toHaveLength(2)
})

test('a mutation publishes its tags through the given invalidate', async () => {
	const server = await upstreamServer((_, res) => json(res, 200, { ok: true }))
	const published: (readonly string[])[] = []
	const { upstream } = client(server.baseUrl, { invalidate: (tags) => published.push(tags) })
	await upstream.send('POST', '/payments/p1/pay', {
		json: {},
		schema: okSchema,
		fallback: 'Payment failed',
		invalidates: ['tasks', 'users'],
	})
	expect(published).toEqual([['payments', 'tasks', 'users']])
})

test('identical concurrent GETs make one upstream call', async () => {
	const server = await upstreamServer((_, res) =>
		setTimeout(() => json(res, 200, { courses: ['shared'] }), 50),
	)
	const { upstream } = client(server.baseUrl)
	const list = { query: { page: 1 }, schema: coursesSchema, fallback: 'Failed to fetch courses' }

	const answers = await Promise.all([
		upstream.get('/courses/list', list),
		upstream.get('/courses/list', list),
		upstream.get('/courses/list', list),
	])

	expect(answers).toEqual([
		{ courses: ['shared'] },
		{ courses: ['shared'] },
		{ courses: ['shared'] },
	])
	expect(server.hits).toHaveLength(1)
})

test('a failed GET is not cached', async () => {
	let calls = 0
	const server = await upstreamServer((_, res) =>
		calls++ === 0 ? json(res, 500, { message: 'Oops' }) : json(res, 200, { courses: [] }),
	)
	const { upstream } = client(server.baseUrl)
	const list = { schema: coursesSchema, fallback: 'Failed to fetch courses' }

	await upstreamFailure(upstream.get('/courses/list', list))
	expect(await upstream.get('/courses/list', list)).toEqual({ courses: [] })
	expect(server.hits).toHaveLength(2)
})

test('FormData arrives as multipart with its boundary', async () => {
	const server = await upstreamServer((_, res) => json(res, 201, { ok: true }))
	const { upstream } = client(server.baseUrl)
	const form = new FormData()
	form.set('title', 'Essay')
	form.set('file', new Blob(['hello world'], { type: 'text/plain' }), 'essay.txt')

	await upstream.send('POST', '/tasks/create-task', {
		form,
		schema: okSchema,
		fallback: 'Failed to create task',
	})

	const [hit] = server.hits
	expect(hit?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
	expect(hit?.body).toContain('name="title"')
	expect(hit?.body).toContain('Essay')
	expect(hit?.body).toContain('filename="essay.txt"')
	expect(hit?.body).toContain('hello world')
})

test('JSON bodies, bearer, cookies and the client address and user agent travel as headers; 204 reads as {}', async () => {
	const server = await upstreamServer((_, res) => {
		res.writeHead(204)
		res.end()
	})
	const { upstream } = client(server.baseUrl, {
		client: { address: '203.0.113.7', userAgent: 'Firefox/128.0', proxySecret: 'shared-secret' },
		requestId: '0f9c2c4e-6a1b-4a8e-9a57-3c1f0e2b7d11',
	})

	expect(
		await upstream.send('PATCH', '/tasks/9/grade', {
			json: { grade: 90 },
			schema: z.object({}),
			fallback: 'Failed to grade submission',
		}),
	).toEqual({})

	const [hit] = server.hits
	expect(hit?.method).toBe('PATCH')
	expect(hit?.headers['content-type']).toBe('application/json')
	expect(hit?.headers.accept).toBe('application/json')
	expect(hit?.headers.authorization).toBe('Bearer old-access')
	expect(hit?.headers.cookie).toBe('refreshToken=r1')
	expect(hit?.headers['x-tutorhub-client-address']).toBe('203.0.113.7')
	expect(hit?.headers['x-tutorhub-proxy-secret']).toBe('shared-secret')
	// The page request's id, so the API's log line for this call carries it (issue 26).
	expect(hit?.headers['x-request-id']).toBe('0f9c2c4e-6a1b-4a8e-9a57-3c1f0e2b7d11')
	expect(hit?.headers['x-tutorhub-client-agent']).toBe('Firefox/128.0')
	expect(hit?.headers['x-forwarded-for']).toBeUndefined()
	expect(JSON.parse(hit?.body ?? '')).toEqual({ grade: 90 })
})

test('Set-Cookie updates the jar, and an expired cookie leaves it', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/auth/login') {
			return json(
				res,
				200,
				{ ok: true },
				{
					'Set-Cookie': [
						'refreshToken=r2; HttpOnly; SameSite=Lax; Path=/api/v1/auth',
						'theme=dark; Max-Age=3600',
					],
				},
			)
		}
		if (hit.path === '/api/v1/auth/logout') {
			return json(
				res,
				200,
				{ ok: true },
				{
					'Set-Cookie': [
						'refreshToken=; Path=/api/v1/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
						'theme=; Max-Age=0',
					],
				},
			)
		}
		json(res, 200, { ok: true })
	})
	const { upstream, changes } = client(server.baseUrl, { tokens: null, cookies: {} })
	const call = { schema: okSchema, fallback: 'Failed' }

	await upstream.send('POST', '/auth/login', { json: {}, ...call })
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: { refreshToken: 'r2', theme: 'dark' } })
	await upstream.get('/users/tutors', { ...call, cache: false })
	expect(server.hits[1]?.headers.cookie).toBe('refreshToken=r2; theme=dark')

	await upstream.send('POST', '/auth/logout', call)
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: {} })
	await upstream.get('/users/tutors', { ...call, cache: false })
	expect(server.hits[3]?.headers.cookie).toBeUndefined()
	expect(changes).toHaveLength(2)
})

test('requests of one session whose token expires together share one refresh; other sessions do not', async () => {
	const server = await upstreamServer((_, res) =>
		setTimeout(() => json(res, 200, { token: 'new-access' }), 50),
	)
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	// Twenty requests carrying the same session cookie, as a burst of page loads would.
	const sameSession = Array.from({ length: 20 }, () =>
		client(server.baseUrl, {
			tokens: { accessToken: expired, refreshToken: 'shared-r' },
			cookies: { refreshToken: 'shared-r' },
		}),
	)
	expect(
		await Promise.all(sameSession.map(({ upstream }) => upstream.refreshIfExpiring())),
	).toEqual(Array(20).fill(true))
	for (const { upstream } of sameSession) expect(upstream.tokens()?.accessToken).toBe('new-access')
	expect(server.count('/api/v1/auth/refresh-token')).toBe(1)
	// One more shortly after still gets the shared answer.
	const late = client(server.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'shared-r' },
		cookies: { refreshToken: 'shared-r' },
	})
	expect(await late.upstream.refreshIfExpiring()).toBe(true)
	expect(server.count('/api/v1/auth/refresh-token')).toBe(1)
	// Another session (another refresh token) makes its own.
	const other = client(server.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'other-r' },
		cookies: { refreshToken: 'other-r' },
	})
	expect(await other.upstream.refreshIfExpiring()).toBe(true)
	expect(server.count('/api/v1/auth/refresh-token')).toBe(2)
	expect(server.hits.at(-1)?.headers.cookie).toBe('refreshToken=other-r')
})

test('a refused refresh is not shared once it has answered', async () => {
	let refused = true
	const server = await upstreamServer((_, res) =>
		refused
			? json(res, 401, { message: 'Invalid or expired refresh token' })
			: json(res, 200, { token: 'new-access' }),
	)
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const session = {
		tokens: { accessToken: expired, refreshToken: 'r-refused' },
		cookies: { refreshToken: 'r-refused' },
	}
	expect(
		await failure(client(server.baseUrl, session).upstream.refreshIfExpiring()),
	).toBeInstanceOf(SessionExpiredError)
	refused = false
	expect(await client(server.baseUrl, session).upstream.refreshIfExpiring()).toBe(true)
	expect(server.count('/api/v1/auth/refresh-token')).toBe(2)
})

test('refreshIfExpiring refreshes an expired JWT once, before any call', async () => {
	const server = await upstreamServer((_, res) => json(res, 200, { token: 'new-access' }))
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const { upstream, changes } = client(server.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'r1' },
	})

	expect(await upstream.refreshIfExpiring()).toBe(true)
	expect(await upstream.refreshIfExpiring()).toBe(false)

	expect(server.hits.map((hit) => hit.path)).toEqual(['/api/v1/auth/refresh-token'])
	expect(server.hits[0]?.headers['x-retry']).toBe('true')
	expect(server.hits[0]?.headers.authorization).toBeUndefined()
	expect(upstream.tokens()).toEqual({ accessToken: 'new-access', refreshToken: 'r1' })
	expect(changes.at(-1)?.tokens?.accessToken).toBe('new-access')
})

test('refreshIfExpiring leaves valid and opaque tokens alone', async () => {
	const server = await upstreamServer((_, res) => json(res, 200, { token: 'new-access' }))
	const valid = fakeJwt(Math.floor(Date.now() / 1000) + 600)

	expect(
		await client(server.baseUrl, {
			tokens: { accessToken: valid, refreshToken: 'r1' },
		}).upstream.refreshIfExpiring(),
	).toBe(false)
	expect(await client(server.baseUrl).upstream.refreshIfExpiring()).toBe(false)
	expect(await client(server.baseUrl, { tokens: null }).upstream.refreshIfExpiring()).toBe(false)
	expect(server.hits).toHaveLength(0)
})

test('refreshIfExpiring reports a refused refresh as an expired session', async () => {
	const server = await upstreamServer((_, res) =>
		json(res, 401, { message: 'Invalid or expired refresh token' }),
	)
	const { upstream } = client(server.baseUrl, {
		tokens: { accessToken: fakeJwt(1), refreshToken: 'r1' },
	})

	expect(await failure(upstream.refreshIfExpiring())).toMatchObject({
		name: 'SessionExpiredError',
		reason: 'refresh-failed',
	})
})

test('the refresh sends the session refresh token when the jar has none', async () => {
	const server = await upstreamServer((_, res) => json(res, 200, { token: 'new-access' }))
	const { upstream } = client(server.baseUrl, {
		tokens: { accessToken: fakeJwt(1), refreshToken: 'r9' },
		cookies: {},
	})

	await upstream.refreshIfExpiring()

	expect(server.hits[0]?.headers.cookie).toBe('refreshToken=r9')
})

test('accessTokenExpiresSoon reads exp with a skew and ignores opaque tokens', () => {
	const now = Math.floor(Date.now() / 1000)
	expect(accessTokenExpiresSoon(fakeJwt(now - 1))).toBe(true)
	expect(accessTokenExpiresSoon(fakeJwt(now + 3))).toBe(true)
	expect(accessTokenExpiresSoon(fakeJwt(now + 3), 0)).toBe(false)
	expect(accessTokenExpiresSoon(fakeJwt(now + 600))).toBe(false)
	expect(accessTokenExpiresSoon('opaque-token')).toBe(false)
	expect(accessTokenExpiresSoon('a.%%%.c')).toBe(false)
})

test('an address far longer than any id (a pasted essay as an id) is a 404, never sent', async () => {
	const server = await upstreamServer((_, res) => json(res, 200, { ok: true }))
	const { upstream } = client(server.baseUrl)
	const id = 'x'.repeat(100_000)
	const error = await upstreamFailure(
		upstream.send('DELETE', `/resources/${id}`, {
			schema: okSchema,
			fallback: 'Failed to delete resource',
		}),
	)
	expect(error.status).toBe(404)
	expect(server.hits).toEqual([])
})

test('a rotated refresh token reaches every request that shared the refresh', async () => {
	const server = await upstreamServer((_, res) =>
		setTimeout(
			() =>
				json(
					res,
					200,
					{ token: 'new-access', refreshToken: 'rotated-r' },
					{ 'Set-Cookie': 'refreshToken=rotated-r; Path=/api/v1/auth; HttpOnly' },
				),
			50,
		),
	)
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const requests = Array.from({ length: 3 }, () =>
		client(server.baseUrl, {
			tokens: { accessToken: expired, refreshToken: 'rotate-me' },
			cookies: { refreshToken: 'rotate-me' },
		}),
	)
	await Promise.all(requests.map(({ upstream }) => upstream.refreshIfExpiring()))
	expect(server.count('/api/v1/auth/refresh-token')).toBe(1)
	// Each writes the successor back to its browser, never the token already spent.
	for (const { upstream, changes } of requests) {
		expect(upstream.tokens()).toEqual({ accessToken: 'new-access', refreshToken: 'rotated-r' })
		expect(changes.at(-1)?.cookies.refreshToken).toBe('rotated-r')
	}
})

test('a refreshed token refused for itself ends the session instead of showing "token expired"', async () => {
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/auth/refresh-token') return json(res, 200, { token: 'new-access' })
		json(res, 403, { message: 'Access token is missing or expired' })
	})
	const { upstream, changes } = client(server.baseUrl)

	const error = await failure(
		upstream.get('/tasks', { schema: okSchema, fallback: 'Failed to fetch tasks' }),
	)

	expect(error).toBeInstanceOf(SessionExpiredError)
	expect((error as SessionExpiredError).toast.title).toBe('Session expired. Please login again.')
	expect(upstream.tokens()).toBeNull()
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: {} })
})

// Issue 38 (decision 056): cached answers are the user's, shared by their sign-ins; one is served
// to a sign-in only while the API's word that it is open is at most SESSION_RECHECK_MS old, and an
// end or hold the app sees forgets that word at once.

/** An access token of sign-in `sid`, which the server below refuses once that sign-in ends. */
function tokenOf(sid: string): string {
	const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
	return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', sid, exp: 4102444800 })}.sig`
}

const SET_UP_FIRST = 'Your organization requires two-factor sign-in. Set it up to continue.'

/** The API: sign-ins open until ended or held; every GET answers the version of the data. */
async function signInsServer() {
	const ended = new Set<string>()
	const held = new Set<string>()
	let version = 0
	const server = await upstreamServer((hit, res) => {
		if (hit.path === '/api/v1/auth/refresh-token') {
			const of = /refreshToken=r-([^;]+)/.exec(hit.headers.cookie ?? '')?.[1] ?? ''
			return ended.has(of) || !of
				? json(res, 401, { message: 'Invalid or expired refresh token' })
				: json(res, 200, { token: tokenOf(of) })
		}
		const sid = /^Bearer (.+)$/.exec(hit.headers.authorization ?? '')?.[1]?.split('.')[1]
		const claims = sid ? JSON.parse(Buffer.from(sid, 'base64url').toString()) : {}
		if (ended.has(claims.sid))
			return json(res, 403, { message: 'Access token is missing or expired' })
		if (held.has(claims.sid))
			return json(res, 403, { message: SET_UP_FIRST, code: 'two_factor_setup_required' })
		if (hit.path === '/api/v1/auth/session') return json(res, 200, { open: true })
		json(res, 200, { courses: [`v${version}`] })
	})
	return { ...server, ended, held, bump: () => version++ }
}

const tasks = { schema: coursesSchema, fallback: 'Failed to fetch tasks' }

function device(baseUrl: string, cache: ResponseCache, sid: string) {
	return client(baseUrl, {
		cache,
		tokens: { accessToken: tokenOf(sid), refreshToken: `r-${sid}` },
		cookies: { refreshToken: `r-${sid}` },
	}).upstream
}

test('an ended sign-in is not served the answers its user’s other sign-in keeps in the cache', async () => {
	const api = await signInsServer()
	const cache = new ResponseCache()
	expect(await device(api.baseUrl, cache, 'laptop').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
	// The phone's first cached answer is served once the API says its sign-in is open...
	expect(await device(api.baseUrl, cache, 'phone').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
	expect(api.count('/api/v1/auth/session')).toBe(1)
	// ...and the next ones without asking again, for a few seconds.
	expect(await device(api.baseUrl, cache, 'phone').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
	expect(api.count('/api/v1/auth/session')).toBe(1)
	expect(dataCalls(api)).toHaveLength(1)

	// The laptop ends the phone's sign-in through the app: the phone's next page asks, and is refused.
	api.ended.add('phone')
	cache.invalidate([sessionTag('phone')])
	const error = await failure(device(api.baseUrl, cache, 'phone').get('/tasks', tasks))
	expect(error).toBeInstanceOf(SessionExpiredError)
	// The laptop still reads the cache.
	expect(await device(api.baseUrl, cache, 'laptop').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
})

test('every sign-in of a user, or every sign-in at all, is asked about again when the app is told', async () => {
	const api = await signInsServer()
	const cache = new ResponseCache()
	await device(api.baseUrl, cache, 'laptop').get('/tasks', tasks)
	await device(api.baseUrl, cache, 'phone').get('/tasks', tasks)
	expect(api.count('/api/v1/auth/session')).toBe(1)

	// "End all other sessions", or a new password, from the laptop: the user's tag.
	api.ended.add('phone')
	cache.invalidate([userTag('u1')])
	await device(api.baseUrl, cache, 'laptop').get('/tasks', tasks)
	expect(await failure(device(api.baseUrl, cache, 'phone').get('/tasks', tasks))).toBeInstanceOf(
		SessionExpiredError,
	)

	// An organization requires two-factor of its teachers: every sign-in is asked about again.
	await device(api.baseUrl, cache, 'desk').get('/tasks', tasks)
	await device(api.baseUrl, cache, 'desk').get('/tasks', tasks)
	const asked = api.count('/api/v1/auth/session')
	api.held.add('desk')
	cache.invalidate([EVERY_SESSION])
	const held = await failure(device(api.baseUrl, cache, 'desk').get('/tasks', tasks))
	expect(held).toBeInstanceOf(UpstreamError)
	expect((held as UpstreamError).text).toBe(SET_UP_FIRST)
	// Asked, refused, and asked again with a refreshed token, as any call refused with 403 is.
	expect(api.count('/api/v1/auth/session')).toBe(asked + 2)
})

test('a sign-in ended where the app did not see it is refused cached answers within seconds', async () => {
	const api = await signInsServer()
	let now = 1_000_000
	const cache = new ResponseCache({ now: () => now })
	await device(api.baseUrl, cache, 'laptop').get('/tasks', tasks)
	await device(api.baseUrl, cache, 'phone').get('/tasks', tasks)
	// Ended at the API itself: within SESSION_RECHECK_MS the phone's word still holds.
	api.ended.add('phone')
	now += SESSION_RECHECK_MS - 1
	expect(await device(api.baseUrl, cache, 'phone').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
	now += 1
	expect(await failure(device(api.baseUrl, cache, 'phone').get('/tasks', tasks))).toBeInstanceOf(
		SessionExpiredError,
	)
})

test('the requests of one sign-in share one check; an API that cannot answer refuses nothing', async () => {
	let failing = false
	let answered = 0
	const server = await upstreamServer((hit, res) => {
		if (hit.path !== '/api/v1/auth/session') return json(res, 200, { courses: ['v0'] })
		if (failing) return json(res, 503, { message: 'Service unavailable' })
		// Held back so that the other requests find it under way.
		setTimeout(() => json(res, 200, { open: true }), 50)
		answered++
	})
	const cache = new ResponseCache()
	await device(server.baseUrl, cache, 'laptop').get('/tasks', tasks)
	const pages = await Promise.all(
		[1, 2, 3].map(() => device(server.baseUrl, cache, 'phone').get('/tasks', tasks)),
	)
	expect(pages).toEqual([1, 2, 3].map(() => ({ courses: ['v0'] })))
	expect(answered).toBe(1)

	failing = true
	cache.invalidate([sessionTag('phone')])
	expect(await device(server.baseUrl, cache, 'phone').get('/tasks', tasks)).toEqual({
		courses: ['v0'],
	})
	expect(server.count('/api/v1/auth/session')).toBe(2)
})

test('a backend without GET /auth/session keeps serving cached answers, asking every few seconds', async () => {
	const server = await upstreamServer((hit, res) =>
		hit.path === '/api/v1/auth/session'
			? json(res, 404, { message: 'Not found' })
			: json(res, 200, { courses: ['v0'] }),
	)
	const cache = new ResponseCache()
	await device(server.baseUrl, cache, 'laptop').get('/tasks', tasks)
	for (let page = 0; page < 3; page++)
		expect(await device(server.baseUrl, cache, 'phone').get('/tasks', tasks)).toEqual({
			courses: ['v0'],
		})
	expect(server.count('/api/v1/auth/session')).toBe(1)
})

test('a token this request just refreshed, refused for itself, ends the session as a replay does', async () => {
	// The refresh was answered before the session ended (shared with another request of the
	// browser), so the call made with its token is refused: not a permission error, the end.
	const server = await upstreamServer((hit, res) =>
		hit.path === '/api/v1/auth/refresh-token'
			? json(res, 200, { token: 'new-access' })
			: json(res, 403, { message: 'Access token is missing or expired' }),
	)
	const expired = fakeJwt(Math.floor(Date.now() / 1000) - 60)
	const { upstream, changes } = client(server.baseUrl, {
		tokens: { accessToken: expired, refreshToken: 'r1' },
	})
	expect(await upstream.refreshIfExpiring()).toBe(true)
	const error = await failure(upstream.get('/tasks', tasks))
	expect(error).toBeInstanceOf(SessionExpiredError)
	expect(changes.at(-1)).toEqual({ tokens: null, cookies: {} })
	// A refusal of the action itself, with that token, stays a permission error.
	const forbidden = await upstreamServer((hit, res) =>
		hit.path === '/api/v1/auth/refresh-token'
			? json(res, 200, { token: 'new-access' })
			: json(res, 403, { message: 'You do not have permission to do this' }),
	)
	const other = client(forbidden.baseUrl, { tokens: { accessToken: expired, refreshToken: 'r1' } })
	await other.upstream.refreshIfExpiring()
	const refusal = await failure(other.upstream.get('/tasks', tasks))
	expect(refusal).toBeInstanceOf(UpstreamError)
	expect((refusal as UpstreamError).status).toBe(403)
})

test('a sign-in already held at the two-factor set-up is served what the set-up reads', async () => {
	const api = await signInsServer()
	const cache = new ResponseCache()
	await device(api.baseUrl, cache, 'desk').get('/account', tasks)
	api.held.add('desk')
	cache.invalidate([EVERY_SESSION])
	const held = client(api.baseUrl, {
		cache,
		tokens: { accessToken: tokenOf('desk'), refreshToken: 'r-desk' },
		cookies: { refreshToken: 'r-desk' },
		heldForTwoFactor: true,
	}).upstream
	expect(await held.get('/account', tasks)).toEqual({ courses: ['v0'] })
	// Not yet known to be held: the hold's refusal, which sends the teacher to the set-up.
	const error = await failure(device(api.baseUrl, cache, 'desk').get('/account', tasks))
	expect((error as UpstreamError).text).toBe(SET_UP_FIRST)
	// An ended one is refused even so.
	api.ended.add('desk')
	expect(await failure(held.get('/account', tasks))).toBeInstanceOf(SessionExpiredError)
})
