import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { call, DEMO_PASSWORD, login, refreshCookie, startApi, type TestApi } from './helpers.ts'
import { log } from '../src/platform/log.ts'

describe('requests the API cannot read', () => {
	let api: TestApi
	beforeAll(async () => {
		api = await startApi()
	})
	afterAll(() => api.close())

	test('malformed or empty JSON answers 400 Invalid JSON body', async () => {
		for (const body of ['{"email": "student@example.com",', '']) {
			const answer = await call(api, 'POST', '/auth/login', {
				body,
				headers: { 'content-type': 'application/json' },
			})
			expect(answer.status).toBe(400)
			expect(answer.body).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })
		}
	})

	test('a JSON body over 1 MB answers 413', async () => {
		const answer = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'x'.repeat(1024 * 1024), lastName: 'Big' },
		})
		expect(answer.status).toBe(413)
		expect(answer.body).toEqual({
			message: 'Request body is too large (max 1 MB)',
			code: 'body_too_large',
		})
		expect(answer.headers.get('connection')).toBe('close')
	})

	test('unknown routes and methods answer 404 Not found', async () => {
		for (const [method, path] of [
			['GET', '/nowhere'],
			['GET', '/auth/login'],
			['DELETE', '/users/tutors'],
		]) {
			const answer = await call(api, method as string, path as string)
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' })
		}
		const outside = await fetch(api.baseUrl.replace('/api/v1', '/elsewhere'))
		expect(outside.status).toBe(404)
	})
})

describe('a production-like configuration', () => {
	let api: TestApi
	beforeAll(async () => {
		// Tokens carry whole seconds (exp = issued second + TTL), so a 1 s token can be dead within a
		// millisecond of its issue; 3 s leaves the refreshed one at least 2 s to be used in.
		api = await startApi({
			config: {
				accessTokenTtl: 3,
				production: true,
				testHooks: false,
				publicUrl: 'https://tutor.example.org',
			},
		})
	})
	afterAll(() => api.close())

	test('the refresh cookie is Secure', async () => {
		const { answer } = await login(api, 'student@example.com')
		expect(answer.headers.getSetCookie()[0]).toMatch(/; Secure(;|$)/)
	})

	test('the refresh cookie is Secure whenever the public origin is not plain http on localhost', async () => {
		const secure = async (publicUrl: string) => {
			const other = await startApi({ database: api.db, config: { publicUrl } })
			try {
				const { answer } = await login(other, 'student@example.com')
				return /; Secure(;|$)/.test(answer.headers.getSetCookie()[0] ?? '')
			} finally {
				await other.close()
			}
		}
		expect(await secure('http://tutor.example.org')).toBe(true)
		expect(await secure('http://127.0.0.1:3000')).toBe(false)
		expect(await secure('http://localhost:3000')).toBe(false)
	}, 60_000)

	test('an expired access token answers 403, and refresh gives a working one', async () => {
		const { token, answer } = await login(api, 'student@example.com')
		await new Promise((resolve) => setTimeout(resolve, 4100))
		const expired = await call(api, 'GET', '/users/tutors', { token })
		expect(expired.status).toBe(403)
		expect(expired.body).toEqual({
			message: 'Access token is missing or expired',
			code: 'access_token_invalid',
		})
		const refreshed = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: refreshCookie(answer), 'x-retry': 'true' },
		})
		const retried = await call(api, 'GET', '/users/tutors', { token: refreshed.body.token })
		expect(retried.status).toBe(200)
	})

	test('test hooks are absent', async () => {
		const answer = await call(api, 'POST', '/__test/revoke-refresh-tokens', {
			json: { email: 'student@example.com' },
		})
		expect(answer.status).toBe(404)
		expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' })
	})
})

describe('unexpected failures', () => {
	let api: TestApi
	beforeAll(async () => {
		api = await startApi({ seed: false })
	})
	afterAll(() => api.close())

	test('answer 500 Internal server error, are logged, and the server keeps serving', async () => {
		const logged = vi.spyOn(log, 'error').mockImplementation(() => {})
		await sql`DROP TABLE refresh_tokens`.execute(api.db)
		const registered = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'A', lastName: 'B', email: 'ab@example.com', password: DEMO_PASSWORD },
		})
		expect(registered.status).toBe(201)
		const answer = await call(api, 'POST', '/auth/login', {
			json: { email: 'ab@example.com', password: DEMO_PASSWORD },
		})
		expect(answer.status).toBe(500)
		expect(answer.body).toEqual({ message: 'Internal server error', code: 'internal_error' })
		expect(logged).toHaveBeenCalledWith(
			{ err: expect.any(Error), requestId: expect.any(String) },
			'POST /api/v1/auth/login failed',
		)
		logged.mockRestore()
		const after = await call(api, 'GET', '/users/tutors')
		expect(after.status).toBe(403)
	})
})

describe('request ids', () => {
	let api: TestApi
	beforeAll(async () => {
		api = await startApi({ seed: false })
	})
	afterAll(() => api.close())

	test("are the caller's when well formed, else new, and answered in X-Request-Id", async () => {
		const ask = (id?: string) =>
			fetch(`${api.baseUrl}/health`, { headers: id ? { 'X-Request-Id': id } : {} })
		expect((await ask('app-7f3a.1')).headers.get('x-request-id')).toBe('app-7f3a.1')
		const fresh = (await ask()).headers.get('x-request-id')
		expect(fresh).toMatch(/^[0-9a-f-]{36}$/)
		// A line break or an endless id would forge or flood a log line: replaced.
		for (const bad of ['a b', 'x'.repeat(129), 'id"}{"admin":true']) {
			const answered = (await ask(bad)).headers.get('x-request-id')
			expect(answered).toMatch(/^[0-9a-f-]{36}$/)
		}
	})
})
