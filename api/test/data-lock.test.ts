import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './ports.ts'
import { afterEach, beforeEach, expect, test } from 'vitest'

// Real API processes (`api/src/main.ts`, as `npm start` runs it) on one data directory.
let dataDir: string
const started: ChildProcess[] = []

beforeEach(async () => {
	dataDir = await mkdtemp(join(tmpdir(), 'api-lock-'))
})
afterEach(async () => {
	for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
	await rm(dataDir, { recursive: true, force: true })
})

type Api = {
	child: ChildProcess
	port: number
	stderr: () => string
	exited: Promise<number | null>
}

async function startApi(): Promise<Api> {
	const port = await freePort()
	const child = spawn(process.execPath, ['api/src/main.ts'], {
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), SEED_DEMO: '0' },
	})
	started.push(child)
	let stderr = ''
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
	return { child, port, stderr: () => stderr, exited }
}

/** Resolves when the API says it listens, or with its exit code when it stops first. */
const outcome = (api: Api) =>
	Promise.race([
		new Promise<'listening'>((resolve) =>
			api.child.on('message', (message) => message === 'listening' && resolve('listening')),
		),
		api.exited,
	])

const answers = async (api: Api) =>
	(await fetch(`http://127.0.0.1:${api.port}/api/v1/courses/public/list`)).ok

test('a second API on the same data directory refuses to start and the first keeps serving', async () => {
	const first = await startApi()
	expect(await outcome(first)).toBe('listening')

	const second = await startApi()
	expect(await outcome(second)).toBe(1)
	expect(second.stderr()).toContain(
		`Another API process is already using the embedded database in ${join(dataDir, 'db')}`,
	)
	expect(await answers(first)).toBe(true)

	// A clean stop releases the database for the next start.
	first.child.kill('SIGTERM')
	expect(await first.exited).toBe(0)
	const third = await startApi()
	expect(await outcome(third)).toBe('listening')
	expect(await answers(third)).toBe(true)
}, 90_000)

test('a lock left by a process that died does not block a start', async () => {
	const crashed = await startApi()
	expect(await outcome(crashed)).toBe('listening')
	crashed.child.kill('SIGKILL')
	await crashed.exited

	const next = await startApi()
	expect(await outcome(next)).toBe('listening')
	expect(await answers(next)).toBe(true)
}, 90_000)

test('an old lock directory with nobody behind it is taken over at once', async () => {
	const lock = join(dataDir, 'db.lock')
	await mkdir(lock, { recursive: true })
	const anHourAgo = new Date(Date.now() - 3_600_000)
	await utimes(lock, anHourAgo, anHourAgo)

	const api = await startApi()
	expect(await outcome(api)).toBe('listening')
}, 90_000)
