import { describe, expect, test } from 'vitest'
import { apiForFile, call, DEMO_PASSWORD, uniqueEmail } from './helpers.ts'

// The login limits (decisions/014), over HTTP. Each "address" is what the app vouches for with
// the shared secret, as it does for every browser it serves.

const PROXY_SECRET = 'test-proxy-secret'

const api = apiForFile({ config: { proxySecret: PROXY_SECRET } })

let nextAddress = 1
const freshAddress = () => `198.51.100.${nextAddress++}`

function attempt(
	email: string,
	password: string,
	from: string,
	{ path = '/auth/login', secret = PROXY_SECRET, headers = {} } = {},
) {
	return call(api, 'POST', path, {
		json: { email, password },
		headers: {
			'x-tutorhub-client-address': from,
			'x-tutorhub-proxy-secret': secret,
			...headers,
		},
	})
}

describe('one account guessed at from one address', () => {
	test('five failures are free; then each waits longer, with Retry-After and the wait in words', async () => {
		const attacker = freshAddress()
		for (let failure = 1; failure <= 5; failure++) {
			expect((await attempt('student@example.com', 'wrong-password', attacker)).status).toBe(401)
		}
		const refused = await attempt('student@example.com', 'wrong-password', attacker)
		expect(refused.status).toBe(429)
		expect(refused.headers.get('retry-after')).toBe('1')
		expect(refused.body).toEqual({
			message: 'Too many failed login attempts. Try again in 1 second.',
			code: 'rate_limited',
		})
		// The right password from there waits too: the guesser cannot tell.
		expect((await attempt('student@example.com', DEMO_PASSWORD, attacker)).status).toBe(429)
	})

	test("guesses at an organization's password on the people's login count against the organization", async () => {
		const attacker = freshAddress()
		for (let failure = 1; failure <= 5; failure++) {
			const answer = await attempt('organization@example.com', 'wrong-password', attacker)
			expect(answer.status).toBe(401)
			expect(answer.body).toEqual({
				message: 'Invalid email or password',
				code: 'invalid_credentials',
			})
		}
		// From there the organization's own login waits as if it had been guessed at directly.
		const direct = await attempt('organization@example.com', DEMO_PASSWORD, attacker, {
			path: '/auth/organization-login',
		})
		expect(direct.status).toBe(429)
		// Elsewhere the right password on the wrong login names the organization's login.
		const owner = await attempt('organization@example.com', DEMO_PASSWORD, freshAddress())
		expect(owner.status).toBe(401)
		expect(owner.body.message).toMatch(/belong to an organization/)
	})

	test('the owner, from their own address, still gets in while the account is being guessed', async () => {
		const attacker = freshAddress()
		const owner = freshAddress()
		const attacks = await Promise.all(
			Array.from({ length: 10 }, () => attempt('teacher@example.com', 'wrong-password', attacker)),
		)
		expect(attacks.filter((answer) => answer.status === 429).length).toBeGreaterThan(0)
		const signIn = await attempt('teacher@example.com', DEMO_PASSWORD, owner)
		expect(signIn.status).toBe(200)
	})

	test('guesses sent in parallel are counted too: at most 20 at once from one address', async () => {
		const attacker = freshAddress()
		const guesses = await Promise.all(
			Array.from({ length: 30 }, () =>
				attempt(uniqueEmail('parallel'), 'wrong-password', attacker),
			),
		)
		const statuses = guesses.map((answer) => answer.status)
		expect(statuses.filter((status) => status === 401)).toHaveLength(20)
		expect(statuses.filter((status) => status === 429)).toHaveLength(10)
	})

	test('logins of one account at the same moment, all right, are never throttled', async () => {
		const from = freshAddress()
		const answers = await Promise.all(
			Array.from({ length: 15 }, () => attempt('teacher@example.com', DEMO_PASSWORD, from)),
		)
		expect(answers.every((answer) => answer.status === 200)).toBe(true)
	})

	test('the delay doubles with each failure past the free ones', async () => {
		const attacker = freshAddress()
		const email = uniqueEmail('delays')
		for (let failure = 1; failure <= 5; failure++) await attempt(email, 'wrong-password', attacker)
		const waits: number[] = []
		for (let round = 0; round < 3; round++) {
			const refused = await attempt(email, 'wrong-password', attacker)
			expect(refused.status).toBe(429)
			const seconds = Number(refused.headers.get('retry-after'))
			waits.push(seconds)
			await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100))
			// Once the wait is over the next guess is heard (and fails), and the wait grows.
			expect((await attempt(email, 'wrong-password', attacker)).status).toBe(401)
		}
		expect(waits).toEqual([1, 2, 4])
	}, 20_000)

	test('a success clears the count', async () => {
		const from = freshAddress()
		for (let round = 1; round <= 8; round++) {
			expect((await attempt('orgstudent@example.com', 'wrong-password', from)).status).toBe(401)
			expect((await attempt('orgstudent@example.com', DEMO_PASSWORD, from)).status).toBe(200)
		}
	})
})

describe('one address spraying many accounts', () => {
	test('at most 20 failed logins a minute, then 429 for every account from there', async () => {
		const sprayer = freshAddress()
		const answers = []
		for (let index = 0; index < 20; index++) {
			answers.push(await attempt(uniqueEmail('spray'), 'Summer2026!', sprayer))
		}
		expect(answers.every((answer) => answer.status === 401)).toBe(true)
		const refused = await attempt(uniqueEmail('spray'), 'Summer2026!', sprayer)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
		expect(refused.body.message).toMatch(
			/^Too many failed login attempts\. Try again in \d+ (seconds?|minutes?)\.$/,
		)
		// Organizations' logins from there too; other addresses are not affected.
		expect(
			(
				await attempt('organization@example.com', DEMO_PASSWORD, sprayer, {
					path: '/auth/organization-login',
				})
			).status,
		).toBe(429)
		expect((await attempt('student@example.com', DEMO_PASSWORD, freshAddress())).status).toBe(200)
	})

	test('a client address is believed only with the proxy secret; X-Forwarded-For never', async () => {
		// Without the secret, every attempt counts against the socket's own address however the
		// address headers change.
		const answers = []
		for (let index = 0; index < 21; index++) {
			answers.push(
				await attempt(uniqueEmail('forged'), 'wrong-password', freshAddress(), {
					secret: 'guessed-secret',
					headers: { 'x-forwarded-for': freshAddress() },
				}),
			)
		}
		expect(answers.at(-1)?.status).toBe(429)
	})
})
