// The product stopped as a container stops it (SIGTERM to the launcher, PID 1) and as a terminal or
// a process manager stops `npm start` (SIGTERM to npm): a request in flight finishes, new
// connections are refused, and npm, the launcher, the app and the API all exit.
// Needs the production build (`npm run build`), as the rest of this suite does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
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

type Started = { process: ChildProcess; output: () => string; appPort: number; dataDir: string }

/** Starts the product on the build (no second build) and waits for its banner. */
async function startProduct(command: string, args: string[]): Promise<Started> {
	const dataDir = await mkdtemp(join(tmpdir(), 'tutorhub-shutdown-'))
	const appPort = await freePort()
	const child = spawn(command, args, {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			PORT: String(appPort),
			API_PORT: String(await freePort()),
			DATA_DIR: dataDir,
			BUILD_DIR: buildDir,
		},
	})
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const deadline = Date.now() + 120_000
	while (!output.includes('TutorHub is running')) {
		if (child.exitCode !== null || Date.now() > deadline)
			throw new Error(`${command} ${args.join(' ')} did not come up:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return { process: child, output: () => output, appPort, dataDir }
}

const started: Started[] = []
afterAll(async () => {
	for (const each of started) {
		// A failed test may leave the whole tree: every process below, then the one started.
		if (each.process.exitCode === null) {
			for (const pid of descendants(each.process.pid!)) process.kill(pid, 'SIGKILL')
			each.process.kill('SIGKILL')
		}
		await rm(each.dataDir, { recursive: true, force: true })
	}
})

/** Every process below `pid`, children first found by pgrep -P. */
function descendants(pid: number): number[] {
	const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
		.stdout.trim()
		.split('\n')
		.map(Number)
		.filter(Boolean)
	return children.flatMap((child) => [child, ...descendants(child)])
}

/**
 * Logs in with a form whose body arrives in two halves: the request is in flight (its headers
 * read, the app waiting for the rest) until `rest` is called. Resolves with the raw answer.
 */
function trickledLogin(appPort: number) {
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

// The launcher itself (a container's command), and `npm start` (npm passes the signal to the
// launcher, which it runs with exec: no shell in between to die of it and leave the rest running).
const ways = [
	{ name: 'the launcher', command: process.execPath, args: ['scripts/start.mjs'], programs: 2 },
	{ name: 'npm start', command: 'npm', args: ['start', '--', '--no-build'], programs: 3 },
]

describe.skipIf(!built).each(ways)('SIGTERM to $name', ({ command, args, programs }) => {
	let product: Started
	beforeAll(async () => {
		product = await startProduct(command, args)
		started.push(product)
	}, 150_000)

	test('the request in flight completes, new ones are refused, every process exits', async () => {
		const { appPort } = product
		const below = descendants(product.process.pid!)
		// npm start: the launcher, the API and the app; the launcher: the API and the app.
		expect(below, product.output()).toHaveLength(programs)

		const login = trickledLogin(appPort)
		await login.sent
		// The app has the request's headers and waits for its body.
		await new Promise((resolve) => setTimeout(resolve, 300))
		const exited = new Promise<number | null>((resolve) => product.process.once('exit', resolve))
		const signalled = Date.now()
		product.process.kill('SIGTERM')

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
		for (const pid of below) expect(alive(pid), `process ${pid} is left`).toBe(false)
	}, 30_000)
})
