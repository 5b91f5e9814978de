// `npm start` stopped as a container stops it (SIGTERM to the launcher, PID 1): a request in
// flight finishes, new connections are refused, and the launcher, the app and the API all exit.
// Needs the production build (`npm run build`), as the rest of this suite does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort } from '../e2e/http/fault-proxy'

const buildDir = process.env.BUILD_DIR ?? 'build'
const built = existsSync(join(buildDir, 'server', 'index.js'))
if (!built) console.warn(`\nSKIPPED the shutdown test: run npm run build first.\n`)

const alive = (pid: number) => {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

let dataDir: string
let launcher: ChildProcess
let output = ''
let appPort: number

beforeAll(async () => {
	if (!built) return
	dataDir = await mkdtemp(join(tmpdir(), 'tutorhub-shutdown-'))
	appPort = await freePort()
	launcher = spawn(process.execPath, ['scripts/start.mjs'], {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			PORT: String(appPort),
			API_PORT: String(await freePort()),
			DATA_DIR: dataDir,
			BUILD_DIR: buildDir,
		},
	})
	launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const deadline = Date.now() + 120_000
	while (!output.includes('TutorHub is running')) {
		if (launcher.exitCode !== null || Date.now() > deadline)
			throw new Error(`npm start did not come up:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}, 150_000)

afterAll(async () => {
	if (launcher?.exitCode === null) launcher.kill('SIGKILL')
	if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/**
 * Logs in with a form whose body arrives in two halves: the request is in flight (its headers
 * read, the app waiting for the rest) until `rest` is called. Resolves with the raw answer.
 */
function trickledLogin() {
	const body = new URLSearchParams({
		as: 'user',
		redirectTo: '',
		email: 'student@example.com',
		password: 'DemoPass123!',
	}).toString()
	const socket = connect(appPort, '127.0.0.1')
	let answer = ''
	socket.on('data', (chunk) => (answer += chunk.toString()))
	const done = new Promise<string>((resolve, reject) => {
		socket.on('end', () => resolve(answer))
		socket.on('error', reject)
	})
	const half = Math.floor(body.length / 2)
	const sent = new Promise<void>((resolve) =>
		socket.on('connect', () =>
			socket.write(
				[
					'POST /login HTTP/1.1',
					`Host: 127.0.0.1:${appPort}`,
					`Origin: http://127.0.0.1:${appPort}`,
					'Content-Type: application/x-www-form-urlencoded',
					`Content-Length: ${body.length}`,
					'Connection: keep-alive',
					'',
					body.slice(0, half),
				].join('\r\n'),
				() => resolve(),
			),
		),
	)
	return { sent, rest: () => socket.write(body.slice(half)), done }
}

test.skipIf(!built)(
	'SIGTERM to npm start: the request in flight completes, new ones are refused, every process exits',
	async () => {
		const children = spawnSync('pgrep', ['-P', String(launcher.pid)], { encoding: 'utf8' })
			.stdout.trim()
			.split('\n')
			.map(Number)
			.filter(Boolean)
		expect(children, 'the launcher runs the API and the app').toHaveLength(2)

		const login = trickledLogin()
		await login.sent
		// The app has the request's headers and waits for its body.
		await new Promise((resolve) => setTimeout(resolve, 300))
		const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve))
		const signalled = Date.now()
		launcher.kill('SIGTERM')

		// New connections are refused once the app has stopped listening.
		await expect
			.poll(
				async () => {
					try {
						await fetch(`http://127.0.0.1:${appPort}/healthz`)
						return 'answered'
					} catch (error) {
						return ((error as Error).cause as NodeJS.ErrnoException)?.code
					}
				},
				{ timeout: 5_000 },
			)
			.toBe('ECONNREFUSED')

		// The request in flight gets its whole answer: signed in, on to the dashboard.
		login.rest()
		const answer = await login.done
		expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 302 Found')
		expect(answer).toMatch(/\r\nlocation: \/studentdashboard/i)
		expect(answer).toMatch(/\r\nset-cookie: __session=/i)
		expect(answer).toMatch(/\r\nconnection: close/i)

		expect(await exited).toBe(0)
		expect(Date.now() - signalled).toBeLessThan(10_000)
		for (const pid of children) expect(alive(pid), `process ${pid} is left`).toBe(false)
	},
	30_000,
)
