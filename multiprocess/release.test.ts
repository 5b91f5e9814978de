// The release as production runs it (issue 26): `npm run release`'s folder (the build reused, not
// made again), installed in a temporary folder with `npm ci --omit=dev` (from npm's cache when it
// has the packages: CI's `npm ci` filled it), its two APIs and two apps started from there on plain
// Node with NODE_ENV=production, on PostgreSQL and Redis (multiprocess/cluster.ts). Pages and the
// API answer; both programs log one JSON line per request, and the app's request id reaches the
// API's line for the call it made; Prometheus metrics answer on each process's private listener
// and never on the public port.
import { spawn } from 'node:child_process'
import http from 'node:http'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Cluster, missingServices, startCluster } from './cluster'

const buildDir = process.env.BUILD_DIR ?? 'build'
const missing = missingServices(buildDir)
if (missing) console.warn(`\nSKIPPED the release test: it ${missing}.\n`)

let cluster: Cluster
let release: string

/** Runs a command to its end; fails with its output unless it exits 0. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
	return new Promise<string>((resolve, reject) => {
		const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.on('error', reject)
		child.on('exit', (code) =>
			code === 0
				? resolve(output)
				: reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
		)
	})
}

beforeAll(async () => {
	if (missing) return
	release = join(await mkdtemp(join(tmpdir(), 'tutorhub-release-')), 'release')
	await run(process.execPath, ['scripts/release.mjs', release, '--no-build'], {
		env: { ...process.env, BUILD_DIR: buildDir },
	})
	// A machine whose own node is this Node 24: first on PATH, and no node_modules/.bin of this
	// checkout behind it, so the release's postinstall sees the machine's Node and installs none.
	const path = [
		dirname(process.execPath),
		...(process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules')),
	].join(delimiter)
	await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
		cwd: release,
		env: { ...process.env, PATH: path, NODE_ENV: 'production' },
	})
	cluster = await startCluster({ buildDir, release })
}, 600_000)

afterAll(async () => {
	await cluster?.stop()
	if (release) await rm(dirname(release), { recursive: true, force: true })
}, 60_000)

test.skipIf(missing)(
	'the release holds no development tool and no npm runtime, and needs neither',
	async () => {
		// Every package the lockfile marks as needed by development alone (Vite, Vitest, ESLint,
		// Playwright, the TypeScript compiler's tooling...) is left out, and tsx is nowhere.
		const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
			packages: Record<string, { dev?: boolean }>
		}
		const devOnly = Object.entries(lock.packages)
			.filter(([path, entry]) => entry.dev && path.lastIndexOf('node_modules/') === 0)
			.map(([path]) => path)
		expect(devOnly).toContain('node_modules/vite')
		for (const path of [...devOnly, 'node_modules/tsx'])
			expect(existsSync(join(release, path)), path).toBe(false)
		// The machine's Node satisfies engines: runtime/ stays empty and nothing shadows node.
		expect(existsSync(join(release, 'runtime', 'node_modules'))).toBe(false)
		expect(existsSync(join(release, 'node_modules', '.bin', 'node'))).toBe(false)
		// Only what runs: no tests, no sources of the app (its build is there), no test helpers.
		expect(existsSync(join(release, 'build', 'server', 'index.js'))).toBe(true)
		for (const path of ['app', 'e2e', 'api/test', 'reporting/test-ingest.ts', 'vite.config.ts'])
			expect(existsSync(join(release, path)), path).toBe(false)
	},
)

test.skipIf(missing)('pages and the API answer, in production', async () => {
	const [appA, appB] = cluster.apps
	for (const app of [appA, appB]) {
		expect((await fetch(`${app}/healthz`)).status).toBe(200)
		const page = await fetch(`${app}/courses`)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('<html')
	}
	for (const api of cluster.apis) {
		const health = await fetch(`${api}/health`)
		expect(await health.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } })
	}
	// Production: no developer outbox, no test hooks.
	expect((await fetch(`${cluster.apis[0]}/dev/outbox`)).status).toBe(404)
})

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

/** A GET of the address exactly as written (fetch would turn a backslash into a slash). */
function rawGet(address: string) {
	const { origin, pathname } = new URL(address)
	const path = address.slice(origin.length) || pathname
	return new Promise<{ status: number; location?: string; requestId?: string }>(
		(resolve, reject) => {
			http
				.get(`${origin}/`, { path }, (response) => {
					response.resume()
					resolve({
						status: response.statusCode ?? 0,
						location: response.headers.location,
						requestId: response.headers['x-request-id'] as string | undefined,
					})
				})
				.on('error', reject)
		},
	)
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
	"a calendar feed's address, its only key, is on no log line of either program",
	async () => {
		const [appA] = cluster.apps
		const [apiA] = cluster.apis
		const signedIn = await fetch(`${apiA}/auth/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: 'teacher@example.com', password: 'DemoPass123!' }),
		})
		const { user } = (await signedIn.json()) as { user: { accessToken: string } }
		const feed = await fetch(`${apiA}/calendar/feed`, {
			headers: { Authorization: `Bearer ${user.accessToken}` },
		})
		const { token } = ((await feed.json()) as { feed: { token: string } }).feed
		const calendar = await fetch(`${appA}/calendar/${token}.ics`)
		expect(calendar.status).toBe(200)
		const requestId = calendar.headers.get('x-request-id') ?? ''

		const appLine = await waitForLine('app-a', (line) => line.requestId === requestId)
		expect(appLine).toMatchObject({ route: '/calendar/:token', path: '/calendar/:token' })
		const apiLine = await waitForLine(
			'api-a',
			(line) => line.requestId === requestId && line.msg === 'request',
		)
		expect(apiLine).toMatchObject({ path: '/api/v1/calendar/feeds/:token' })
		// A feed address with an empty segment is redirected, and logged as where it is sent.
		const redirected = await fetch(`${appA}/calendar/${token}.ics//`, { redirect: 'manual' })
		expect(redirected.status).toBe(308)
		const redirectLine = await waitForLine(
			'app-a',
			(line) => line.requestId === redirected.headers.get('x-request-id'),
		)
		expect(redirectLine).toMatchObject({ status: 308, path: '/calendar/:token' })
		// Every other spelling (issue 38): each matched no route, so its line carried the token. A
		// backslash, which the URL parser reads as a slash (served 200), is now sent on to the slash.
		const escaped = `%${token.charCodeAt(0).toString(16)}${token.slice(1)}`
		for (const form of [
			`/calendar/${token}.ics/extra`,
			`/Calendar/${token}.ics`,
			`/calendar/${escaped}.ics`,
			`/calendar\\${token}.ics`,
		]) {
			const answer = await rawGet(`${appA}${form}`)
			if (form.includes('\\')) {
				expect(answer.status).toBe(308)
				expect(answer.location).toBe(`/calendar/${token}.ics`)
			}
			const line = await waitForLine('app-a', (logged) => logged.requestId === answer.requestId)
			expect(line).toMatchObject({ status: answer.status })
		}
		// A path past the app's bounds (decision 050) is refused, logged and counted under one label,
		// never as written (it may carry a feed's address too).
		const long = await rawGet(`${appA}/calendar/${token}.ics${'/a'.repeat(7_000)}`)
		expect(long.status).toBe(414)
		const longLine = await waitForLine('app-a', (line) => line.requestId === long.requestId)
		expect(longLine).toMatchObject({ status: 414, route: '(too long)', path: '(too long)' })
		for (const name of ['api-a', 'api-b', 'app-a', 'app-b'])
			expect(cluster.outputOf(name)).not.toContain(token)
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
		// Labelled with the pattern React Router matched: no ids, and .data for its data requests.
		expect((await fetch(`${appA}/courses/no-such-course`)).status).toBe(404)
		expect((await fetch(`${appA}/courses.data`)).status).toBe(200)
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
		expect(appText).toMatch(
			/app_http_request_duration_seconds_count\{method="GET",route="\/courses\/:courseId",status="404"\} [1-9]/,
		)
		expect(appText).toMatch(
			/app_http_request_duration_seconds_count\{method="GET",route="\/courses\.data",status="200"\} [1-9]/,
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
