import { RouterContextProvider } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'

// The production switches of the security headers and the session cookie, with the environment
// of a production start (env.server.ts reads it once, at import: each test imports afresh).

async function load(environment: Record<string, string | undefined>) {
	vi.resetModules()
	vi.stubEnv('SESSION_SECRET', 'unit-session-secret')
	vi.stubEnv('TOAST_SECRET', 'unit-toast-secret')
	vi.stubEnv('COOKIE_SECURE', undefined)
	vi.stubEnv('PUBLIC_URL', 'https://app.test')
	for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value)
	const [session, security] = await Promise.all([
		import('./session.server'),
		import('./security.server'),
	])
	return { session, security }
}

afterEach(() => {
	vi.unstubAllEnvs()
})

async function sessionCookie(environment: Record<string, string | undefined>) {
	const { session } = await load(environment)
	const current = await session.sessionStorage.getSession()
	current.set('user', {
		id: 'u1',
		role: 'student',
		name: 'Sam',
		email: 'sam@example.com',
		organizationId: null,
	})
	return (await session.sessionStorage.commitSession(current))
		.split(';')
		.map((part) => part.trim().toLowerCase())
}

type Security = Awaited<ReturnType<typeof load>>['security']

/** The middleware around a page that answers `<p>ok</p>`, with its own context. */
function answer(security: Security, request: Request, context = new RouterContextProvider()) {
	const middleware = security.securityMiddleware as unknown as (
		args: { request: Request; params: object; context: RouterContextProvider },
		next: () => Promise<Response>,
	) => Promise<Response>
	return middleware({ request, params: {}, context }, async () => new Response('<p>ok</p>'))
}

async function respond(
	environment: Record<string, string | undefined>,
	init: RequestInit = {},
	url = 'http://app.test/',
) {
	const { security } = await load(environment)
	return answer(security, new Request(url, init))
}

test.each(['SESSION_SECRET', 'TOAST_SECRET', 'PUBLIC_URL'])(
	'in production the app will not load without %s, and says so',
	async (name) => {
		await expect(load({ NODE_ENV: 'production', [name]: '' })).rejects.toThrow(
			`${name} must be set in production`,
		)
		// Outside production a developer's run has defaults.
		await expect(load({ NODE_ENV: 'development', [name]: '' })).resolves.toBeTruthy()
	},
)

test('in production the session cookie is HttpOnly, SameSite=Lax and Secure', async () => {
	const attributes = await sessionCookie({ NODE_ENV: 'production' })
	expect(attributes[0]).toMatch(/^__session=/)
	expect(attributes).toEqual(
		expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']),
	)
})

test('only an explicit COOKIE_SECURE=0 drops Secure in production; development runs over http', async () => {
	expect(await sessionCookie({ NODE_ENV: 'production', COOKIE_SECURE: '0' })).not.toContain(
		'secure',
	)
	expect(await sessionCookie({ NODE_ENV: 'production', COOKIE_SECURE: 'yes' })).not.toContain(
		'secure',
	)
	expect(await sessionCookie({ NODE_ENV: 'production', COOKIE_SECURE: '1' })).toContain('secure')
	const development = await sessionCookie({ NODE_ENV: 'development' })
	expect(development).not.toContain('secure')
	expect(development).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']))
})

test('production answers carry HSTS and an enforced nonce-based policy', async () => {
	const response = await respond({ NODE_ENV: 'production' })
	expect(response.headers.get('Strict-Transport-Security')).toBe(
		'max-age=31536000; includeSubDomains',
	)
	const policy = response.headers.get('Content-Security-Policy') ?? ''
	expect(response.headers.get('Content-Security-Policy-Report-Only')).toBeNull()
	const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? ''
	expect(scriptSrc).toMatch(/^'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'$/)
	expect(policy).toContain("frame-ancestors 'none'")
	expect(policy).toContain("object-src 'none'")
	expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
	expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
})

test('every answer gets a nonce of its own, across the batches nonces are cut from', async () => {
	const { security } = await load({ NODE_ENV: 'production' })
	const nonces = new Set<string>()
	// 600 answers: more than two batches of 256.
	for (let index = 0; index < 600; index++) {
		const context = new RouterContextProvider()
		await answer(security, new Request('http://app.test/'), context)
		const nonce = security.getNonce(context)
		expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
		nonces.add(nonce)
	}
	expect(nonces.size).toBe(600)
})

test('HSTS is for production only (a development server runs over http)', async () => {
	const response = await respond({ NODE_ENV: 'development' })
	expect(response.headers.get('Strict-Transport-Security')).toBeNull()
	expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
})

test("Stripe's script source is added only where asked, and never 'unsafe-inline'", async () => {
	const { security } = await load({ NODE_ENV: 'production' })
	for (const stripe of [false, true]) {
		const policy = security.contentSecurityPolicy('abc', { stripe })
		const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? ''
		expect(scriptSrc).not.toContain('unsafe-inline')
		expect(scriptSrc).not.toContain('unsafe-eval')
		expect(scriptSrc.includes('https://js.stripe.com')).toBe(stripe)
	}
})

test('a cross-site form post is refused before anything runs; a same-site one passes', async () => {
	const post = (headers: Record<string, string>) =>
		respond({ NODE_ENV: 'production' }, { method: 'POST', headers })
	await expect(post({ Origin: 'https://evil.example' })).rejects.toHaveProperty('status', 403)
	await expect(post({ 'Sec-Fetch-Site': 'cross-site' })).rejects.toHaveProperty('status', 403)
	await expect(post({ Origin: 'null' })).rejects.toHaveProperty('status', 403)
	expect((await post({ Origin: 'http://app.test', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
		200,
	)
})
