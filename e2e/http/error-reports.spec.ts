import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test, type Page } from '@playwright/test'
import { jwtDecrypt } from 'jose'
import { apiUrl } from '../../playwright.config'
import { startApp, type AppProcess } from './fault-proxy'
import { startSentryIngest, type SentryIngest } from '../../reporting/test-ingest'

// Issue 15: the crash screen says the error "has been automatically reported", so it must be. An
// app started the README's production way (node server.mjs, no --import) with SENTRY_DSN pointed
// at a stand-in for Sentry's ingest; an operator's /error-check makes one error in a server
// loader, one in a server action and one while rendering in the browser. Each arrives once, with
// the release and environment, the user's id and email, and no credential in any envelope.

test.describe.configure({ mode: 'default' })

const SESSION_SECRET = 'error-reports-session-secret'
const environment = 'error-reports-check'
const teacher = { email: 'teacher@example.com', password: 'DemoPass123!' }
// The release npm run build wrote (the commit built): the app reports it, not a fixed label.
const release = readFileSync(`${process.env.BUILD_DIR ?? 'build'}/release.txt`, 'utf8').trim()

let ingest: SentryIngest
let app: AppProcess

test.beforeAll(async () => {
	test.setTimeout(120_000)
	ingest = await startSentryIngest()
	app = await startApp({
		apiOrigin: new URL(apiUrl).origin,
		env: {
			SENTRY_DSN: ingest.dsn,
			SENTRY_ENVIRONMENT: environment,
			ERROR_CHECK: '1',
			SESSION_SECRET,
			PAGE_CACHE_MS: '0',
		},
	})
})

test.afterAll(async () => {
	await app?.stop()
	await ingest?.close()
})

type ErrorEvent = {
	release?: string
	environment?: string
	platform?: string
	tags?: Record<string, string>
	user?: { id?: string; email?: string }
	exception?: { values?: Array<{ type?: string; value?: string }> }
}

const messageOf = (event: ErrorEvent) => event.exception?.values?.at(-1)?.value ?? ''

async function checkErrorsArrived(wanted: string[]) {
	await expect
		.poll(
			() =>
				wanted.filter((where) => ingest.errors().some((event) => messageOf(event).endsWith(where)))
					.length,
			{
				timeout: 20_000,
			},
		)
		.toBe(wanted.length)
	// Long enough for a second copy of any of them to arrive too.
	await sleep(3000)
}

async function logIn(page: Page) {
	await page.goto(`${app.url}/login`)
	await page.getByLabel('Email').fill(teacher.email)
	await page.getByLabel('Password', { exact: true }).fill(teacher.password)
	await page.getByRole('button', { name: /log in/i }).click()
	await page.waitForURL(/teachersdashboard/)
}

test('a loader, an action and a browser render error each arrive once, with no credential in any envelope', async ({
	browser,
}) => {
	const context = await browser.newContext()
	const page = await context.newPage()
	const cspViolations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to connect/i.test(message.text()))
			cspViolations.push(message.text())
	})
	await logIn(page)

	const loader = await page.goto(`${app.url}/error-check?in=loader`)
	expect(loader?.status()).toBe(500)
	await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()

	await page.goto(`${app.url}/error-check`)
	await page.getByRole('button', { name: 'An error in a server action' }).click()
	await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()

	await page.goto(`${app.url}/error-check?in=browser`)
	await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
	await expect(
		page.locator('summary', { hasText: 'an error thrown on purpose in a browser render' }),
	).toBeAttached()

	const places = ['a server loader', 'a server action', 'a browser render']
	await checkErrorsArrived(places)

	const checks = ingest
		.errors()
		.filter((event) => messageOf(event).startsWith('Error reporting check'))
	expect(checks.map(messageOf).sort()).toEqual(
		places.map((where) => `Error reporting check: an error thrown on purpose in ${where}`).sort(),
	)
	for (const event of checks as ErrorEvent[]) {
		expect(event.release, messageOf(event)).toBe(release)
		expect(event.environment, messageOf(event)).toBe(environment)
		expect(event.user?.email, messageOf(event)).toBe(teacher.email)
		expect(event.user?.id, messageOf(event)).toMatch(/\S/)
	}
	expect(checks.find((event) => messageOf(event).endsWith('a browser render'))?.platform).toBe(
		'javascript',
	)
	// The server's errors carry the request id the app logged (and sent the API) for the request.
	for (const event of (checks as ErrorEvent[]).filter(
		(each) => !messageOf(each).endsWith('a browser render'),
	))
		expect(event.tags?.request_id, messageOf(event)).toMatch(/^[0-9a-f-]{36}$/)
	expect(checks.find((event) => messageOf(event).endsWith('a server loader'))?.platform).toBe(
		'node',
	)

	// What a thief would want: the session cookie, and the tokens sealed inside it.
	const cookie = (await context.cookies()).find((item) => item.name === '__session')?.value ?? ''
	expect(cookie).not.toBe('')
	const sealed = JSON.parse(atob(decodeURIComponent(cookie))) as string
	const key = createHash('sha256').update(`session-cookie:${SESSION_SECRET}`).digest()
	const { payload } = await jwtDecrypt(sealed, key)
	const { accessToken, refreshToken } = payload.data as {
		accessToken: string
		refreshToken: string
	}
	expect(accessToken).toMatch(/^eyJ/)
	expect(refreshToken.length).toBeGreaterThan(20)

	expect(ingest.envelopes.length).toBeGreaterThan(0)
	for (const envelope of ingest.envelopes) {
		expect(envelope).not.toContain(decodeURIComponent(cookie).slice(0, 40))
		expect(envelope).not.toContain(sealed.split('.')[0] + '.')
		expect(envelope).not.toContain(accessToken.split('.')[1])
		expect(envelope).not.toContain(refreshToken)
		expect(envelope).not.toMatch(/eyJ[\w-]+\.[\w-]*\.[\w-]+/)
		expect(envelope).not.toMatch(/__session=/)
	}
	expect(cspViolations).toEqual([])
	await context.close()
})

test('without ERROR_CHECK the check page does not exist', async ({ request }) => {
	const answer = await request.get(`/error-check?in=loader`, { maxRedirects: 0 })
	expect(answer.status()).toBe(404)
})
