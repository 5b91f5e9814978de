import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFailureLimiter } from '../src/platform/rate-limit.ts'
import { call, DEMO_PASSWORD, startApi, type TestApi } from './helpers.ts'

describe('failed logins over HTTP', () => {
	let api: TestApi
	beforeAll(async () => {
		api = await startApi()
	})
	afterAll(() => api.close())

	const attempt = (path: string, email: string, password: string) =>
		call(api, 'POST', path, { json: { email, password } })

	test('after 10 failures the 11th attempt answers 429, even with the right password', async () => {
		for (let failure = 1; failure <= 10; failure++) {
			const answer = await attempt('/auth/login', 'student@example.com', 'wrong-password')
			expect(answer.status).toBe(401)
		}
		for (const password of ['wrong-password', DEMO_PASSWORD]) {
			const answer = await attempt('/auth/login', 'STUDENT@example.com', password)
			expect(answer.status).toBe(429)
			expect(answer.body).toEqual({
				message: 'Too many failed login attempts. Try again in 15 minutes.',
			})
		}
		const otherEmail = await attempt('/auth/login', 'teacher@example.com', DEMO_PASSWORD)
		expect(otherEmail.status).toBe(200)
	})

	test('unknown emails are limited too, and the organization call counts on its own', async () => {
		for (let failure = 1; failure <= 10; failure++) {
			await attempt('/auth/organization-login', 'ghost@example.com', 'wrong-password')
		}
		const blocked = await attempt('/auth/organization-login', 'ghost@example.com', 'wrong-password')
		expect(blocked.status).toBe(429)
		const userCall = await attempt('/auth/login', 'ghost@example.com', 'wrong-password')
		expect(userCall.status).toBe(401)
	})

	test('successful logins do not count as failures', async () => {
		for (let round = 1; round <= 9; round++) {
			expect((await attempt('/auth/login', 'teacher@example.com', 'wrong-password')).status).toBe(
				401,
			)
			expect((await attempt('/auth/login', 'teacher@example.com', DEMO_PASSWORD)).status).toBe(200)
		}
		expect((await attempt('/auth/login', 'teacher@example.com', 'wrong-password')).status).toBe(401)
		expect((await attempt('/auth/login', 'teacher@example.com', DEMO_PASSWORD)).status).toBe(429)
	})
})

describe('the failure limiter', () => {
	test('unblocks a key once its window has passed', () => {
		let now = 0
		const limiter = createFailureLimiter({ limit: 2, windowMs: 1000, now: () => now })
		limiter.recordFailure('a')
		expect(limiter.isBlocked('a')).toBe(false)
		limiter.recordFailure('a')
		expect(limiter.isBlocked('a')).toBe(true)
		now = 999
		expect(limiter.isBlocked('a')).toBe(true)
		now = 1000
		expect(limiter.isBlocked('a')).toBe(false)
		limiter.recordFailure('a')
		expect(limiter.isBlocked('a')).toBe(false)
	})

	test('keeps at most maxKeys keys, forgetting expired ones first, then the oldest', () => {
		let now = 0
		const limiter = createFailureLimiter({ limit: 1, windowMs: 100, maxKeys: 3, now: () => now })
		limiter.recordFailure('expired')
		now = 50
		limiter.recordFailure('old')
		limiter.recordFailure('newer')
		now = 120
		limiter.recordFailure('newest')
		expect(['old', 'newer', 'newest'].map((key) => limiter.isBlocked(key))).toEqual([
			true,
			true,
			true,
		])
		limiter.recordFailure('another')
		expect(['old', 'newer', 'newest', 'another'].map((key) => limiter.isBlocked(key))).toEqual([
			false,
			true,
			true,
			true,
		])
	})
})
