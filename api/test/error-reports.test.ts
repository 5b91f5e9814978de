import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { flushErrorReports, startErrorReports } from '../src/platform/error-reports.ts'
import { startSentryIngest, type SentryIngest } from '../../reporting/test-ingest.ts'
import { call, login, refreshCookie, startApi, type TestApi } from './helpers.ts'

// The API reports its own unexpected failures (issue 15): once, labelled, with the caller's id,
// and without the bearer token, the refresh cookie or anything token-shaped.

let ingest: SentryIngest
let api: TestApi

let buildDir: string

beforeAll(async () => {
	ingest = await startSentryIngest()
	// The release npm run build wrote: the API reports it when SENTRY_RELEASE is not set.
	buildDir = await mkdtemp(join(tmpdir(), 'tutorhub-build-'))
	await writeFile(join(buildDir, 'release.txt'), 'build-20261127035200-0a1b2c3d\n')
	await startErrorReports({
		SENTRY_DSN: ingest.dsn,
		SENTRY_ENVIRONMENT: 'api-check',
		BUILD_DIR: buildDir,
	})
	api = await startApi()
})

afterAll(async () => {
	await api.close()
	await ingest.close()
	await rm(buildDir, { recursive: true, force: true })
})

test('a 500 is reported once, labelled, with the caller and without credentials', async () => {
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	const { token, user, answer } = await login(api, 'teacher@example.com')
	const cookie = refreshCookie(answer)
	await sql`DROP TABLE announcements CASCADE`.execute(api.db)

	const failed = await call(api, 'GET', '/announcements', { token, headers: { cookie } })
	expect(failed.status).toBe(500)
	expect(failed.body).toEqual({ message: 'Internal server error', code: 'internal_error' })
	await flushErrorReports()
	await vi.waitFor(() => expect(ingest.errors()).toHaveLength(1), { timeout: 10_000 })
	logged.mockRestore()

	const [event] = ingest.errors() as Array<{
		release?: string
		environment?: string
		user?: { id?: string }
		tags?: Record<string, string>
		exception?: unknown
	}>
	expect(event?.release).toBe('build-20261127035200-0a1b2c3d')
	expect(event?.environment).toBe('api-check')
	expect(event?.user?.id).toBe(user.id)
	expect(event?.tags?.route).toBe('GET /api/v1/announcements')
	expect(event?.tags?.request_id).toBe(failed.headers.get('x-request-id'))
	expect(JSON.stringify(event?.exception)).toMatch(/announcements/)

	const refreshToken = cookie.split('=')[1] as string
	for (const envelope of ingest.envelopes) {
		expect(envelope).not.toContain(token.split('.')[1])
		expect(envelope).not.toContain(refreshToken)
		expect(envelope).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)
	}
})
