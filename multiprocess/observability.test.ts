// Operating the deployment (issue 26): both programs log one JSON line per request, and the app's
// request id reaches the API's line for the call it made; Prometheus metrics answer on each
// process's private listener and never on the public port.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Cluster, missingServices, startCluster } from './cluster'

const buildDir = process.env.BUILD_DIR ?? 'build'
const missing = missingServices(buildDir)
if (missing) console.warn(`\nSKIPPED the observability test: it ${missing}.\n`)

let cluster: Cluster

beforeAll(async () => {
	if (!missing) cluster = await startCluster({ buildDir })
}, 240_000)

afterAll(async () => {
	await cluster?.stop()
}, 60_000)

type Line = Record<string, unknown>

/** The JSON lines a process wrote; any other line fails the test. */
function jsonLines(output: string): Line[] {
	return output
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => {
			try {
				return JSON.parse(line) as Line
			} catch {
				throw new Error(`Not a JSON log line: ${line}`)
			}
		})
}

async function waitForLine(name: string, match: (line: Line) => boolean): Promise<Line> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const found = jsonLines(cluster.outputOf(name)).find(match)
		if (found) return found
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error(`No such line from ${name}:\n${cluster.outputOf(name)}`)
}

/** The demo teacher signs in on an app through its login form (the app calls the API's login). */
const logIn = (app: string) =>
	fetch(`${app}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: app, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			email: 'teacher@example.com',
			password: 'DemoPass123!',
			as: 'user',
			redirectTo: '',
		}),
	})

test.skipIf(missing)(
	"a page's request id is on the app's line and on the API's line for its call",
	async () => {
		const [appA] = cluster.apps
		const login = await logIn(appA)
		expect(login.status).toBe(302)
		const requestId = login.headers.get('x-request-id') ?? ''
		expect(requestId).toMatch(/^[0-9a-f-]{36}$/)

		const appLine = await waitForLine('app-a', (line) => line.requestId === requestId)
		expect(appLine).toMatchObject({
			name: 'app',
			msg: 'request',
			method: 'POST',
			route: '/login',
			status: 302,
		})
		expect(typeof appLine.durationMs).toBe('number')

		const apiLine = await waitForLine(
			'api-a',
			(line) => line.requestId === requestId && line.route === '/api/v1/auth/login',
		)
		expect(apiLine).toMatchObject({ name: 'api', msg: 'request', method: 'POST', status: 200 })
		expect(typeof apiLine.durationMs).toBe('number')

		// A browser's own X-Request-Id is not believed: the app has no trusted proxy in front.
		const forged = await fetch(`${appA}/login`, { headers: { 'X-Request-Id': 'forged-id' } })
		expect(forged.headers.get('x-request-id')).not.toBe('forged-id')

		// Every line either program wrote, from start to here, is JSON.
		for (const name of ['api-a', 'api-b', 'app-a', 'app-b']) {
			expect(jsonLines(cluster.outputOf(name)).length).toBeGreaterThan(0)
		}
	},
)

test.skipIf(missing)(
	'/metrics answers on the private listeners with the series, and 404 on the public ports',
	async () => {
		const [apiMetrics, , appMetrics] = cluster.metrics
		// Something to count: a visitor's page twice (the second from the page cache), and a
		// signed-in page twice (the second's API answers from the response cache).
		const [appA] = cluster.apps
		for (let visit = 0; visit < 2; visit++)
			expect((await fetch(`${appA}/courses`)).status).toBe(200)
		const login = await logIn(appA)
		const cookie = login.headers
			.getSetCookie()
			.map((each) => each.split(';')[0])
			.join('; ')
		for (let visit = 0; visit < 2; visit++) {
			const page = await fetch(`${appA}/teachersdashboard/courses`, { headers: { Cookie: cookie } })
			expect(page.status).toBe(200)
		}

		const api = await fetch(apiMetrics)
		expect(api.status).toBe(200)
		const apiText = await api.text()
		expect(apiText).toMatch(
			/api_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/auth\/login",status="200"\} \d+/,
		)
		expect(apiText).toMatch(/api_mail_outbox\{status="pending"\} \d+/)
		expect(apiText).toMatch(/api_mail_send_failures_total/)
		expect(apiText).toMatch(/api_live_rooms \d+/)
		expect(apiText).toMatch(/api_live_room_sockets \d+/)
		expect(apiText).toMatch(/api_db_pool_connections\{state="total"\} [1-9]/)

		const app = await fetch(appMetrics)
		expect(app.status).toBe(200)
		const appText = await app.text()
		expect(appText).toMatch(
			/app_http_request_duration_seconds_count\{method="GET",route="\/courses",status="200"\} [1-9]/,
		)
		expect(appText).toMatch(/app_upstream_requests_total\{method="GET",status="200"\} [1-9]/)
		expect(appText).toMatch(/app_upstream_cache_total\{outcome="hit"\} [1-9]/)
		expect(appText).toMatch(/app_upstream_cache_total\{outcome="miss"\} [1-9]/)
		expect(appText).toMatch(/app_page_cache_total\{outcome="hit"\} [1-9]/)
		expect(appText).toMatch(/app_room_tunnels \d+/)

		// Never on the public ports.
		const [apiBase] = cluster.apis
		for (const url of [
			`${appA}/metrics`,
			`${new URL(apiBase).origin}/metrics`,
			`${apiBase}/metrics`,
		]) {
			expect((await fetch(url)).status, url).toBe(404)
		}
	},
)
