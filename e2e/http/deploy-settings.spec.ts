import { spawnSync } from 'node:child_process'
import http from 'node:http'
import { expect, test } from '@playwright/test'
import { apiUrl } from '../../playwright.config'
import { startApp, type AppProcess } from './fault-proxy'
import { fetchFrom, someLoopbackAddress } from './loopback'
import { AppClient, appOrigin, demoPassword, logInApp, registerUser } from './security-world'

// Settings for running behind a load balancer, over plain HTTP: /healthz, TRUST_PROXY (scheme, host
// and client address from X-Forwarded-*, and only when it is on) and ICE_SERVERS (STUN/TURN for the
// call, handed only to a live room's members). The suite's own app runs with neither setting; a
// second app process here, on the same API, runs with both.

test.describe.configure({ mode: 'default' })

const ICE_SERVERS = [
	{ urls: 'stun:stun.deploy-check.test:3478' },
	{
		urls: ['turn:turn.deploy-check.test:3478?transport=udp'],
		username: 'room-user',
		credential: 'turn-secret-7f3a',
	},
]
const DEMO_ROOM = '7a1c0de5-9b0a-4c1e-8d2f-000000000009'
const PUBLIC = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'tutor.deploy-check.test' }

let proxied: AppProcess

test.beforeAll(async () => {
	test.setTimeout(120_000)
	proxied = await startApp({
		apiOrigin: new URL(apiUrl).origin,
		env: {
			TRUST_PROXY: '1',
			ICE_SERVERS: JSON.stringify(ICE_SERVERS),
			// The suite's API believes the address an app vouches for with this (scripts/e2e-servers.mjs).
			API_PROXY_SECRET: 'e2e-proxy-secret',
			SESSION_SECRET: 'e2e-session-secret',
			TOAST_SECRET: 'e2e-toast-secret',
		},
	})
})

test.afterAll(async () => {
	await proxied?.stop()
})

test('GET /healthz answers 200 "ok" at once, without a session cookie', async () => {
	for (const origin of [appOrigin, proxied.url]) {
		const response = await fetch(`${origin}/healthz`)
		expect(response.status).toBe(200)
		expect(await response.text()).toBe('ok')
		expect(response.headers.get('cache-control')).toBe('no-store')
		expect(response.headers.getSetCookie()).toEqual([])
	}
	// And the API's: the database answers.
	const api = await fetch(`${apiUrl}/health`)
	expect(api.status).toBe(200)
	expect(await api.json()).toEqual({ status: 'ok', checks: { database: 'ok' } })
})

/**
 * The onboarding return address the app gives the payment provider (the built-in one sends you
 * straight to it). The form is posted as a browser on `formOrigin` posts it: with that Origin.
 */
async function paymentReturn(origin: string, headers: Record<string, string>, formOrigin: string) {
	const { email } = await registerUser('tutor', 'proxy-tutor')
	const tutor = await logInApp('tutor', email, demoPassword, origin)
	const answer = await tutor.request('/teachersdashboard/payment-setup', {
		method: 'POST',
		form: {},
		headers,
		origin: formOrigin,
	})
	expect(answer.status, answer.text.slice(0, 500)).toBe(302)
	return answer.location ?? ''
}

/** The verification link in a certificate PDF the app serves. */
async function certificateLink(origin: string, headers: Record<string, string>) {
	const teacher = await registerUser('tutor', 'proxy-cert-tutor')
	const student = await registerUser('student', 'proxy-cert-student')
	const enrolled = await fetch(`${apiUrl}/__test/enrolled-course`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			tutorEmail: teacher.email,
			title: 'Proxy Statistics',
			studentEmails: [student.email],
		}),
	})
	const { courseId } = await enrolled.json()
	const studentId = (await student.api.logIn()).id
	const issued = await teacher.api.ok('POST', '/certificates', { courseId, studentId })
	const client = await logInApp('tutor', teacher.email, demoPassword, origin)
	const pdf = await client.request(`/teachersdashboard/certificates/${issued.certificate.id}/pdf`, {
		headers,
	})
	expect(pdf.status).toBe(200)
	expect(pdf.text.startsWith('%PDF-')).toBe(true)
	return /\/URI \((http[^)]+)\)/.exec(pdf.text)?.[1] ?? ''
}

test('an address with an empty segment is sent on without it; one that does not decode is refused', async () => {
	// The app matches routes with another matcher than the browser's (decision 049): these are the
	// two kinds of path the two read differently, so neither reaches React Router.
	for (const [path, location] of [
		['/courses//', '/courses/'],
		['/courses//?category=Science', '/courses/?category=Science'],
		['//login', '/login'],
		['///', '/'],
	]) {
		const response = await fetch(`${appOrigin}${path}`, { redirect: 'manual' })
		expect(response.status, path).toBe(308)
		expect(response.headers.get('location'), path).toBe(location)
	}
	// A backslash is a slash to a browser: no redirect may start with `/\`, another site's address.
	const backslashed = await rawGet(`/\\evil.example//x`)
	expect(backslashed.status).toBe(308)
	expect(backslashed.location).toBe('/evil.example/x')
	// A form posted to such an address is posted again to the right one (308 keeps the method).
	const posted = await fetch(`${appOrigin}/login//`, { method: 'POST', redirect: 'manual' })
	expect(posted.status).toBe(308)
	for (const path of ['/%', '/courses/%zz', '/%E2%9C']) {
		const response = await fetch(`${appOrigin}${path}`)
		expect(response.status, path).toBe(400)
		expect(await response.text()).toBe('Bad Request')
	}
	// And the addresses pages use are answered as before.
	expect((await fetch(`${appOrigin}/courses/`)).status).toBe(200)
	expect((await fetch(`${appOrigin}/courses/a%20b`)).status).toBe(404)
})

/** A GET of `path` exactly as written: fetch would read its backslashes as slashes first. */
function rawGet(path: string) {
	return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
		const request = http.get(`${appOrigin}/`, { path }, (response) => {
			response.resume()
			resolve({ status: response.statusCode ?? 0, location: response.headers.location })
		})
		request.on('error', reject)
	})
}

test('behind a trusted proxy, Stripe return URLs and certificate links are https:// on the public host', async () => {
	expect(await paymentReturn(proxied.url, PUBLIC, 'https://tutor.deploy-check.test')).toBe(
		'https://tutor.deploy-check.test/teachersdashboard/stripe/complete-onboarding',
	)
	expect(await certificateLink(proxied.url, PUBLIC)).toMatch(
		/^https:\/\/tutor\.deploy-check\.test\/verify\/certificate\/[A-Za-z0-9_-]{22}$/,
	)
})

test('without TRUST_PROXY the same headers are ignored: nobody can make the app name another site', async () => {
	expect(await paymentReturn(appOrigin, PUBLIC, appOrigin)).toBe(
		`${appOrigin}/teachersdashboard/stripe/complete-onboarding`,
	)
	expect(await certificateLink(appOrigin, PUBLIC)).toMatch(
		new RegExp(`^${appOrigin.replace(/[.]/g, '\\.')}/verify/certificate/[A-Za-z0-9_-]{22}$`),
	)
})

/** 22 failed logins for different accounts, each from its own socket address, all claiming `forwardedFor`. */
async function sprayFrom(origin: string, forwardedFor: () => string) {
	const statuses: number[] = []
	for (let index = 0; index < 22; index++) {
		const body = new URLSearchParams({
			as: 'user',
			redirectTo: '',
			email: `proxy-spray-${index}-${Date.now().toString(36)}@example.com`,
			password: 'Summer2026!',
		})
		const response = await fetchFrom(someLoopbackAddress(), `${origin}/login`, {
			method: 'POST',
			headers: {
				Origin: origin,
				'Content-Type': 'application/x-www-form-urlencoded',
				'X-Forwarded-For': forwardedFor(),
			},
			body,
		})
		await response.text()
		statuses.push(response.status)
	}
	return statuses
}

const testNet = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`

test("behind a trusted proxy the client's address is the one it forwarded: the per-address login limit holds", async () => {
	// The load balancer's connections come from a few addresses; the person behind them is one.
	const person = testNet()
	// What the client itself put in front is not believed: the proxy's own entry (the last) counts.
	const statuses = await sprayFrom(
		proxied.url,
		() => `203.0.113.${Math.floor(Math.random() * 255)}, ${person}`,
	)
	expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
	expect(statuses.slice(20)).toEqual([429, 429])
})

test('without TRUST_PROXY a forwarded address is ignored: each connection counts as itself', async () => {
	const person = testNet()
	const statuses = await sprayFrom(appOrigin, () => person)
	expect(statuses.every((status) => status === 401)).toBe(true)
})

test("ICE_SERVERS reach a live room's members only: not an observer, an outsider or a visitor", async () => {
	const member = await logInApp('student', undefined, demoPassword, proxied.url)
	const page = await member.get(`/conference/classroom/${DEMO_ROOM}`)
	expect(page.status).toBe(200)
	expect(page.text).toContain('turn:turn.deploy-check.test:3478?transport=udp')
	expect(page.text).toContain('turn-secret-7f3a')
	expect(page.text).toContain('stun:stun.deploy-check.test:3478')

	const observer = await logInApp('organization', undefined, demoPassword, proxied.url)
	const outsider = await logInApp(
		'student',
		(await registerUser('student', 'ice-outsider')).email,
		demoPassword,
		proxied.url,
	)
	for (const client of [observer, outsider, new AppClient('anonymous', proxied.url)]) {
		const answer = await client.get(`/conference/classroom/${DEMO_ROOM}`)
		expect(answer.text).not.toContain('turn-secret-7f3a')
		expect(answer.text).not.toContain('deploy-check.test')
	}
	// The suite's own app has none configured: nothing to hand out.
	const plain = await logInApp('student')
	expect((await plain.get(`/conference/classroom/${DEMO_ROOM}`)).text).not.toContain('turn:')
})

test('a bad ICE_SERVERS or TRUST_PROXY, or a missing secret, stops the app at start, naming the setting', async () => {
	const buildDir = process.env.BUILD_DIR ?? 'build'
	const start = (env: Record<string, string>) =>
		spawnSync(process.execPath, ['server.mjs', `${buildDir}/server/index.js`], {
			env: {
				...process.env,
				NODE_ENV: 'production',
				SESSION_SECRET: 's',
				TOAST_SECRET: 't',
				PUBLIC_URL: 'https://tutor.deploy-check.test',
				PORT: '0',
				HOST: '127.0.0.1',
				...env,
			},
			encoding: 'utf8',
			timeout: 30_000,
		})
	const notJson = start({ ICE_SERVERS: '[{urls: stun:x}]' })
	expect(notJson.status).not.toBe(0)
	expect(notJson.stderr).toContain('ICE_SERVERS must be JSON')
	const wrongShape = start({ ICE_SERVERS: '[{"urls":"http://stun.example.org"}]' })
	expect(wrongShape.status).not.toBe(0)
	expect(wrongShape.stderr).toMatch(/ICE_SERVERS is not a list of ICE servers at 0\.urls/)
	const badTrust = start({ TRUST_PROXY: 'yes please' })
	expect(badTrust.status).not.toBe(0)
	expect(badTrust.stderr).toContain('TRUST_PROXY must be')
	// Production names every secret and its public origin: each missing one stops the start.
	for (const name of ['SESSION_SECRET', 'TOAST_SECRET', 'PUBLIC_URL']) {
		const missing = start({ [name]: '' })
		expect(missing.status, name).not.toBe(0)
		expect(missing.stderr).toContain(`${name} must be set in production`)
	}
})
