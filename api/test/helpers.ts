import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { generate } from 'otplib'
import pg from 'pg'
import type { Server } from 'node:http'
import { afterAll, beforeAll } from 'vitest'
import { createApi, type ApiConfig } from '../src/app.ts'
import { createPasswords } from '../src/platform/passwords.ts'
import { openDatabase, type Db } from '../src/db.ts'
import { migrate } from '../src/migrate.ts'
import { log } from '../src/platform/log.ts'
import type { HealthCheck } from '../src/platform/health.ts'
import { createDiskStorage, type Storage } from '../src/platform/storage.ts'
import { DEMO_PASSWORD, seedDemo } from '../src/seed.ts'

// The tests' in-process APIs log nothing unless LOG_LEVEL asks; processes they start log as usual.
log.level = process.env.LOG_LEVEL || 'silent'

export { DEMO_PASSWORD }

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256'

// Cheap argon2 so the suite stays fast; production uses PRODUCTION_HASHING.
const TEST_HASHING = { memoryCost: 4096, timeCost: 2 }

export type TestApi = {
	baseUrl: string
	db: Db
	config: ApiConfig
	storage: Storage
	close: () => Promise<void>
}

export type TestDatabase = { db: Db; drop: () => Promise<void> }

/**
 * A fresh, empty database of the test's own: in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database on it (created here, dropped by `drop`), so test files and
 * the APIs within them never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
	const serverUrl = process.env.TEST_DATABASE_URL
	if (!serverUrl) {
		const db = await openDatabase({})
		return { db, drop: () => db.destroy() }
	}
	const name = `tutorhub_test_${randomBytes(8).toString('hex')}`
	const admin = new pg.Client({ connectionString: serverUrl })
	await admin.connect()
	try {
		await admin.query(`CREATE DATABASE ${name}`)
	} finally {
		await admin.end()
	}
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	const db = await openDatabase({ url: url.href })
	return {
		db,
		async drop() {
			// A test may have closed it already (the health check's database outage).
			await db.destroy().catch(() => {})
			const cleaner = new pg.Client({ connectionString: serverUrl })
			await cleaner.connect()
			try {
				// The pool's connections close a moment after destroy() resolves: wait for them, so
				// FORCE (which makes their clients log errors) is only the last resort.
				for (let attempt = 0; ; attempt++) {
					try {
						await cleaner.query(
							`DROP DATABASE IF EXISTS ${name}${attempt < 40 ? '' : ' WITH (FORCE)'}`,
						)
						break
					} catch (error) {
						// 55006: object_in_use, the database still has sessions.
						if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error
						await new Promise((resolve) => setTimeout(resolve, 50))
					}
				}
			} finally {
				await cleaner.end()
			}
		},
	}
}

/**
 * A real HTTP server on an ephemeral port over a fresh database (see openTestDatabase). Given
 * `database`, it serves that one (migrated and seeded by its owner, left open on close): two
 * API processes over one database. Given `storage`, uploads go there instead of a temporary
 * directory.
 */
export async function startApi({
	seed = true,
	config = {},
	database,
	storage: givenStorage,
	healthChecks,
	roomHealthChecks,
}: {
	seed?: boolean
	config?: Partial<ApiConfig>
	database?: Db
	storage?: Storage
	healthChecks?: Record<string, HealthCheck>
	roomHealthChecks?: Record<string, HealthCheck>
} = {}): Promise<TestApi> {
	const own = database ? undefined : await openTestDatabase()
	const db = database ?? own!.db
	if (own) await migrate(db)
	const fullConfig: ApiConfig = {
		accessTokenTtl: 900,
		refreshTokenTtl: 3600,
		jwtSecret: TEST_SECRET,
		testHooks: true,
		production: false,
		passwordHashing: TEST_HASHING,
		...config,
	}
	const uploads = givenStorage ? undefined : await mkdtemp(join(tmpdir(), 'api-uploads-'))
	const storage = givenStorage ?? createDiskStorage(uploads!)
	if (seed && own) await seedDemo(db, createPasswords(fullConfig.passwordHashing), storage)
	const app = createApi({ db, config: fullConfig, storage, healthChecks, roomHealthChecks })
	const server = await new Promise<Server>((resolve) => {
		const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
			resolve(started as Server),
		)
	})
	const { port } = server.address() as AddressInfo
	return {
		baseUrl: `http://127.0.0.1:${port}/api/v1`,
		db,
		config: fullConfig,
		storage,
		async close() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
			await own?.drop()
			if (uploads) await rm(uploads, { recursive: true, force: true })
		},
	}
}

/**
 * The test file's own API: started (as `startApi(options)`) before the file's tests, closed after
 * them. The object is filled in by the first `beforeAll`, so read it in hooks and tests, not when
 * the file loads.
 */
export function apiForFile(options?: Parameters<typeof startApi>[0]): TestApi {
	const api = {} as TestApi
	// Starting an API (fresh database, every migration, demo seed) is slow on a busy machine.
	beforeAll(async () => {
		Object.assign(api, await startApi(options))
	}, 120_000)
	afterAll(() => api.close())
	return api
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; expect() checks them
export type Answer = { status: number; body: any; headers: Headers }

/** Calls the API and reads the JSON answer. */
export async function call(
	api: { baseUrl: string },
	method: string,
	path: string,
	{
		json,
		body,
		token,
		headers = {},
	}: { json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
	const response = await fetch(`${api.baseUrl}${path}`, {
		method,
		headers: {
			...(json !== undefined && { 'content-type': 'application/json' }),
			...(token && { authorization: `Bearer ${token}` }),
			...headers,
		},
		body: json !== undefined ? JSON.stringify(json) : body,
	})
	const text = await response.text()
	const isJson = response.headers.get('content-type')?.includes('application/json')
	return {
		status: response.status,
		body: isJson && text ? JSON.parse(text) : text,
		headers: response.headers,
	}
}

/** Turns two-factor sign-in on for the signed-in account (set-up, then a code from its secret). */
export async function turnOnTwoFactor(api: { baseUrl: string }, token: string, password: string) {
	const setup = await call(api, 'POST', '/account/two-factor/setup', {
		token,
		json: { currentPassword: password },
	})
	if (setup.status !== 200) return setup
	return call(api, 'POST', '/account/two-factor/enable', {
		token,
		json: { code: await generate({ secret: setup.body.secret }), currentPassword: password },
	})
}

/** The `refreshToken` cookie an answer sets, as a `Cookie` header value. */
export function refreshCookie(answer: Answer): string {
	const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('refreshToken='))
	if (!cookie) throw new Error('no refreshToken cookie set')
	return cookie.split(';')[0] as string
}

export async function login(api: TestApi, email: string, password = DEMO_PASSWORD) {
	const answer = await call(api, 'POST', '/auth/login', { json: { email, password } })
	if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status}`)
	return { token: answer.body.user.accessToken as string, user: answer.body.user, answer }
}

export async function organizationLogin(api: TestApi, email: string, password = DEMO_PASSWORD) {
	const answer = await call(api, 'POST', '/auth/organization-login', { json: { email, password } })
	if (answer.status !== 200) throw new Error(`organization login ${email}: ${answer.status}`)
	return { token: answer.body.user.accessToken as string, user: answer.body.user, answer }
}

let counter = 0
/** A fresh email per call, so tests in one file do not collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now()}${++counter}@example.com`

export async function registerStudent(api: TestApi, fields: Record<string, unknown> = {}) {
	const email = uniqueEmail('student')
	const answer = await call(api, 'POST', '/auth/register-student', {
		json: { firstName: 'Stu', lastName: 'Dent', email, password: 'Lantern-Harbour-42', ...fields },
	})
	if (answer.status !== 201) throw new Error(`register student: ${answer.status}`)
	const session = await login(api, email, 'Lantern-Harbour-42')
	return { ...session, email }
}

/** Smallest valid PNG: a 1x1 image. */
export const PNG_BYTES = Uint8Array.from(
	Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
		'base64',
	),
)

export function imageForm(
	field: string,
	bytes: Uint8Array<ArrayBuffer>,
	type: string,
	name = 'picture.png',
) {
	const form = new FormData()
	form.append(field, new Blob([bytes], { type }), name)
	return form
}

/**
 * Follows the newest verification link the API queued for `email` (read from its outbox, as the
 * mailbox's owner would read the mail), so the account proves it holds that mailbox.
 */
export async function verifyEmailOf(api: TestApi, email: string) {
	const deadline = Date.now() + 10_000
	for (;;) {
		const mail = await api.db
			.selectFrom('mail_outbox')
			.select('text_body')
			.where('to_address', '=', email)
			.where('kind', '=', 'email_verification')
			.orderBy('created_at', 'desc')
			.executeTakeFirst()
		const token = mail?.text_body.match(/verify-email\?token=([\w-]+)/)?.[1]
		if (token) {
			const answer = await call(api, 'POST', '/account/verify-email', { json: { token } })
			if (answer.status !== 200) throw new Error(`verify ${email}: ${answer.status}`)
			return
		}
		// The mail is queued just after the sign-up's answer.
		if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}
