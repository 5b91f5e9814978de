import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { databasePool, openDatabase, statementsRun, type Db } from '../src/db.ts'
import { SESSION_STATE_TTL_MS } from '../src/platform/session-cache.ts'
import {
	apiForFile,
	call,
	login,
	registerStudent,
	startApi,
	turnOnTwoFactor,
	type TestApi,
} from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

// Issue 41 (decision 068): an API process remembers a session's state for a moment instead of
// reading it on every call, and forgets it on every change that can alter it, in every process, by
// the next call: signing out, out everywhere, a device ended, a password changed, an account
// closed, an organization requiring two-factor, a teacher turning it on. Each test here first has
// the state remembered (two calls in a row), then changes it, then calls at once.

const PASSWORD = 'Lantern-Harbour-42'
const SET_UP_FIRST = 'Your organization requires two-factor sign-in. Set it up to continue.'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
// A server on this machine, whose backends the test can pause (as root, as CI and these runs are).
const local =
	onPostgres &&
	/^postgres(ql)?:\/\/[^/]*@(127\.0\.0\.1|localhost)[:/]/.test(process.env.TEST_DATABASE_URL!) &&
	process.getuid?.() === 0

const api = apiForFile()

/** GET /auth/session: 200 while the sign-in is open (the app's own check, decision 056). */
const check = (token: string, on: { baseUrl: string } = api) =>
	call(on, 'GET', '/auth/session', { token })

/** The state is read and then remembered: two calls in a row, both open. */
async function remembered(token: string, on: { baseUrl: string } = api) {
	for (let n = 0; n < 2; n++) expect((await check(token, on)).status).toBe(200)
}

async function student() {
	const { email, token } = await registerStudent(api)
	return { email, token }
}

const signIn = async (email: string) => (await login(api, email, PASSWORD)).token

test('a call right after another runs no session statement; the first one reads it', async () => {
	// The fewest of three tries: a background job may add a statement to either call.
	const first: number[] = []
	const next: number[] = []
	for (let attempt = 0; attempt < 3; attempt++) {
		const { token } = await student()
		const before = statementsRun()
		expect((await call(api, 'GET', '/account', { token })).status).toBe(200)
		const between = statementsRun()
		expect((await call(api, 'GET', '/account', { token })).status).toBe(200)
		first.push(between - before)
		next.push(statementsRun() - between)
	}
	expect(Math.min(...next)).toBe(Math.min(...first) - 1)
})

describe('every change refuses the remembered state on the next call', () => {
	test('signing out', async () => {
		const { token } = await student()
		await remembered(token)
		expect((await call(api, 'POST', '/auth/logout', { token })).status).toBe(200)
		expect((await check(token)).status).toBe(403)
	})

	test('ending a device, and ending all the others', async () => {
		const { email, token: phone } = await student()
		const laptop = await signIn(email)
		const tablet = await signIn(email)
		// The laptop's id: the one its own list marks as the one asking.
		const own = (await call(api, 'GET', '/account/sessions', { token: laptop })).body.sessions
		const laptopSession = own.find((session: { current: boolean }) => session.current)
		await remembered(laptop)
		const ended = await call(api, 'DELETE', `/account/sessions/${laptopSession.id}`, {
			token: phone,
		})
		expect(ended.status).toBe(200)
		expect((await check(laptop)).status).toBe(403)

		await remembered(tablet)
		const others = await call(api, 'POST', '/account/sessions/end-others', { token: phone })
		expect(others.body.ended).toBe(1)
		expect((await check(tablet)).status).toBe(403)
		expect((await check(phone)).status).toBe(200)
	})

	test('a changed password ends the other sign-ins', async () => {
		const { email, token } = await student()
		const other = await signIn(email)
		await remembered(other)
		const changed = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: PASSWORD, newPassword: 'Quiet-Meadow-Lantern-77' },
		})
		expect(changed.status).toBe(200)
		expect((await check(other)).status).toBe(403)
		expect((await check(token)).status).toBe(200)
	})

	test('a closed organization', async () => {
		const organization = await newOrganization(api)
		await remembered(organization.token)
		const closed = await call(api, 'PUT', `/organizations/${organization.id}`, {
			token: organization.token,
			json: { deleted: true },
		})
		expect(closed.status).toBe(200)
		expect((await check(organization.token)).status).toBe(403)
	})

	test('an organization requiring two-factor, and the teacher turning it on', async () => {
		const organization = await newOrganization(api)
		const teacher = await newMember(api, organization.token, 'tutor')
		const { token } = await login(api, teacher.email, PASSWORD)
		await remembered(token)
		const required = await call(
			api,
			'PUT',
			`/organizations/${organization.id}/teacher-two-factor`,
			{ token: organization.token, json: { teachersNeedTwoFactor: true } },
		)
		expect(required.status).toBe(200)
		const held = await check(token)
		expect(held).toMatchObject({ status: 403, body: { message: SET_UP_FIRST } })
		expect((await check(token)).status).toBe(403)

		expect((await turnOnTwoFactor(api, token, PASSWORD)).status).toBe(200)
		expect((await check(token)).status).toBe(200)
	})

	test('a session ended by a statement outside the API’s code (the trigger tells)', async () => {
		const { token } = await student()
		await remembered(token)
		const { id } = await api.db
			.selectFrom('auth_sessions')
			.select('id')
			.where('revoked_at', 'is', null)
			.orderBy('created_at', 'desc')
			.executeTakeFirstOrThrow()
		await sql`update auth_sessions set revoked_at = now() where id = ${id}`.execute(api.db)
		// PGlite tells its listener before the statement returns; PostgreSQL within its delivery.
		expect(await refusedSoon(token, api, Date.now())).toBe(true)
	})
})

/**
 * Polls briefly until the sign-in is refused: true when it was, before the remembered state could
 * have run out by itself (so only the notification can have made it).
 */
async function refusedSoon(token: string, on: { baseUrl: string }, rememberedAt: number) {
	while (Date.now() - rememberedAt < SESSION_STATE_TTL_MS / 2) {
		if ((await check(token, on)).status === 403) return true
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
	return false
}

/** The backends LISTENing on this test's database (one per API that hears). */
const listenerPids = async (db: Db) =>
	(
		await sql<{ pid: number }>`select pid from pg_stat_activity
			where datname = current_database()
			and application_name = 'tutorhub-listen-session_changes'`.execute(db)
	).rows.map((row) => row.pid)
const listeners = async (db: Db) => (await listenerPids(db)).length

async function until(condition: () => Promise<boolean>, what: string) {
	const deadline = Date.now() + 10_000
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

// A second API in this test's process, on a database of its own (its own pool, memory and
// listener), as another process has. Changes are made by statements on the first one's database,
// not through its calls: a change made through a call is also forgotten at once by every API of the
// process that made it (both, here), so only the notification can tell the second one.
// multiprocess/multiprocess.test.ts shows the same through separate processes' calls.
describe.skipIf(!onPostgres)('a second API on the same PostgreSQL', () => {
	let other: TestApi
	let otherDb: Db
	beforeAll(async () => {
		const url = databasePool(api.db)?.options.connectionString
		if (!url) throw new Error('no PostgreSQL URL')
		otherDb = await openDatabase({ url })
		other = await startApi({ database: otherDb, config: api.config })
		await until(async () => (await listeners(api.db)) === 2, 'both APIs listen')
	})
	afterAll(async () => {
		await other?.close()
		await otherDb?.destroy()
	})

	const sessionOf = async (token: string) =>
		(await call(api, 'GET', '/account/sessions', { token })).body.sessions.find(
			(session: { current: boolean }) => session.current,
		).id as string
	const endSession = (id: string) =>
		sql`update auth_sessions set revoked_at = now() where id = ${id}`.execute(api.db)

	test('a session ended elsewhere is refused on its next call', async () => {
		const { token } = await student()
		const id = await sessionOf(token)
		const rememberedAt = Date.now()
		await remembered(token, other)
		await endSession(id)
		expect(await refusedSoon(token, other, rememberedAt)).toBe(true)
	})

	test('two-factor required elsewhere holds the teacher on the next call', async () => {
		const organization = await newOrganization(api)
		const teacher = await newMember(api, organization.token, 'tutor')
		const { token } = await login(api, teacher.email, PASSWORD)
		const rememberedAt = Date.now()
		await remembered(token, other)
		await sql`update organizations set teachers_need_two_factor = true
			where id = ${organization.id}`.execute(api.db)
		expect(await refusedSoon(token, other, rememberedAt)).toBe(true)
		expect((await check(token, other)).body.message).toBe(SET_UP_FIRST)
	})

	test('a listener cut off remembers nothing until it hears again; then it is told again', async () => {
		const first = await student()
		const firstId = await sessionOf(first.token)
		await remembered(first.token, other)
		await sql`select pg_terminate_backend(pid) from pg_stat_activity
			where datname = current_database()
			and application_name = 'tutorhub-listen-session_changes'`.execute(api.db)
		await until(async () => (await listeners(api.db)) === 0, 'the listeners are gone')
		// Ended while nobody hears: the second API must not answer from its memory.
		await endSession(firstId)
		expect((await check(first.token, other)).status).toBe(403)

		// Both hear again within a few seconds, and are told of changes again.
		await until(async () => (await listeners(api.db)) === 2, 'both APIs listen again')
		const second = await student()
		const secondId = await sessionOf(second.token)
		const rememberedAt = Date.now()
		await remembered(second.token, other)
		await endSession(secondId)
		expect(await refusedSoon(second.token, other, rememberedAt)).toBe(true)
	})
	// A listener whose connection stays open but says nothing (a stalled server, a half-open TCP
	// connection): here its backend is stopped. It hears its own beat every second; two seconds
	// without one and nothing remembered is used, long before the memory's own 30 s.
	test.skipIf(!local)('a listener gone quiet is not trusted within seconds', async () => {
		const { token } = await student()
		const id = await sessionOf(token)
		const rememberedAt = Date.now()
		await remembered(token, other)
		const pids = await listenerPids(api.db)
		expect(pids).toHaveLength(2)
		for (const pid of pids) process.kill(pid, 'SIGSTOP')
		try {
			await endSession(id)
			expect(await refusedSoon(token, other, rememberedAt)).toBe(true)
		} finally {
			for (const pid of pids) process.kill(pid, 'SIGCONT')
		}
		await until(async () => (await listeners(api.db)) === 2, 'both APIs listen again')
	})
})
