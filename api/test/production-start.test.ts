import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './ports.ts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../src/db.ts'
import { readSettings } from '../src/settings.ts'

// The API started as an operator starts it (api/src/main.ts, NODE_ENV=production): it refuses to
// start without its settings, and what it runs exposes no developer's tools and logs no tokens.

const started: ChildProcess[] = []
let dataDir: string

beforeAll(async () => {
	dataDir = await mkdtemp(join(tmpdir(), 'api-production-'))
})
afterAll(async () => {
	for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
	await rm(dataDir, { recursive: true, force: true })
})

const PRODUCTION = {
	NODE_ENV: 'production',
	JWT_SECRET: 'production-test-secret-of-at-least-32-characters',
	PUBLIC_URL: 'https://tutor.example.test',
	MAIL_DISABLED: '1',
	API_HOST: '127.0.0.1',
}

type Run = { child: ChildProcess; port: number; output: () => string; exited: Promise<number> }

async function startApi(env: Record<string, string | undefined>, dir = dataDir): Promise<Run> {
	const port = await freePort()
	const given: Record<string, string | undefined> = {
		...process.env,
		DATA_DIR: dir,
		API_PORT: String(port),
		...env,
	}
	// An unset setting is absent, not empty.
	for (const [name, value] of Object.entries(given)) if (value === undefined) delete given[name]
	for (const name of ['SMTP_URL', 'SEED_DEMO', 'API_TEST_HOOKS', 'DATABASE_URL', 'REDIS_URL'])
		if (!(name in env)) delete given[name]
	const child = spawn(process.execPath, ['api/src/main.ts'], {
		stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
		env: given,
	})
	started.push(child)
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
	return { child, port, output: () => output, exited }
}

const listening = (run: Run) =>
	Promise.race([
		new Promise<'listening'>((resolve) =>
			run.child.on('message', (message) => message === 'listening' && resolve('listening')),
		),
		run.exited,
	])

test.each([
	['JWT_SECRET', 'JWT_SECRET must be set in production'],
	['PUBLIC_URL', 'PUBLIC_URL must be set in production'],
	['MAIL_DISABLED', 'SMTP_URL must be set in production, or MAIL_DISABLED=1 to send no mail'],
])('without %s production settings are refused, naming it', async (missing, message) => {
	const env = { ...PRODUCTION, DATA_DIR: join(dataDir, missing), [missing]: undefined }
	await expect(readSettings(env)).rejects.toThrow(message)
	// Nothing was made on the way: no generated secret.
	expect(existsSync(env.DATA_DIR)).toBe(false)
	// With it, they are accepted.
	await expect(readSettings({ ...PRODUCTION, DATA_DIR: env.DATA_DIR })).resolves.toBeTruthy()
})

test('a production API without its secret stops at start with the reason, and makes nothing', async () => {
	const dir = join(dataDir, 'refused')
	const run = await startApi({ ...PRODUCTION, JWT_SECRET: undefined }, dir)
	expect(await run.exited).toBe(1)
	expect(run.output()).toContain(
		'API failed to start: JWT_SECRET must be set in production (at least 32 characters)',
	)
	expect(existsSync(dir)).toBe(false)
}, 60_000)

test('the outbox and test hooks only on loopback, the demo seed in production only when asked', async () => {
	const local = { JWT_SECRET: PRODUCTION.JWT_SECRET, DATA_DIR: dataDir }
	await expect(
		readSettings({ ...local, API_TEST_HOOKS: '1', API_HOST: '0.0.0.0' }),
	).rejects.toThrow('API_TEST_HOOKS needs API_HOST on loopback (127.0.0.1 or ::1), got "0.0.0.0"')
	expect((await readSettings({ ...local, API_HOST: '0.0.0.0' })).api.devOutbox).toBe(false)
	expect((await readSettings({ ...local, API_HOST: '127.0.0.1' })).api.devOutbox).toBe(true)
	expect((await readSettings({ ...local })).seedDemo).toBe(true)
	expect((await readSettings({ ...PRODUCTION, DATA_DIR: dataDir })).seedDemo).toBe(false)
	expect((await readSettings({ ...PRODUCTION, DATA_DIR: dataDir, SEED_DEMO: '1' })).seedDemo).toBe(
		true,
	)
})

test('in production: no outbox, no test hooks, no demo accounts, and no reset link in the log', async () => {
	const run = await startApi(PRODUCTION)
	expect(await listening(run), run.output()).toBe('listening')
	const api = `http://127.0.0.1:${run.port}/api/v1`
	const post = (path: string, body: unknown) =>
		fetch(`${api}${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		})

	expect((await fetch(`${api}/dev/outbox`)).status).toBe(404)
	expect((await post('/__test/revoke-refresh-tokens', { email: 'a@example.com' })).status).toBe(404)
	const demo = await post('/auth/login', {
		email: 'student@example.com',
		password: 'DemoPass123!',
	})
	expect(demo.status).toBe(401)

	const email = 'operator-check@example.com'
	const registered = await post('/auth/register-student', {
		firstName: 'Olga',
		lastName: 'Operator',
		email,
		password: 'Lantern-Harbour-42',
	})
	expect(registered.status).toBe(201)
	const login = await post('/auth/login', { email, password: 'Lantern-Harbour-42' })
	expect(login.status).toBe(200)
	// The refresh cookie of a public https origin is Secure.
	expect(login.headers.getSetCookie().join('\n')).toMatch(/refreshToken=.*; Secure/)
	expect((await post('/account/forgot-password', { email })).status).toBe(200)
	await expect
		.poll(() => run.output(), { timeout: 15_000 })
		// One JSON object a line (pino): the message's quotes are escaped.
		.toContain(`"msg":"Mail to ${email}: \\"Reset your TutorHub password\\""`)

	run.child.kill('SIGTERM')
	expect(await run.exited).toBe(0)
	const db = await openDatabase({ dataDir: join(dataDir, 'db') })
	const mails = await db.selectFrom('mail_outbox').select(['subject', 'text_body']).execute()
	await db.destroy()
	const tokens = mails.flatMap((mail) =>
		[...mail.text_body.matchAll(/token=([\w-]+)/g)].map((match) => match[1]!),
	)
	// The verification mail and the reset mail, each with its token, and none of them logged.
	expect(tokens).toHaveLength(2)
	for (const line of run.output().split('\n')) {
		for (const token of tokens) expect(line).not.toContain(token)
		expect(line).not.toContain('https://tutor.example.test/')
	}
}, 120_000)
