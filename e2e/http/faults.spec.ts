import { expect, test } from '@playwright/test'
import { apiUrl } from '../../playwright.config'
import {
	startApp,
	startFaultProxy,
	type AppProcess,
	type FaultMode,
	type FaultProxy,
} from './fault-proxy'
import { ownerOf, routeTable, ruleFor } from './routes'
import { buildWorld, type Who, type World } from './security-world'

// Upstream faults (issue 10): a second app process talks to the API through a proxy that fails on
// command. Whatever the upstream does, each page answers in bounded time with the spec's error
// toast (section 8) or the crash screen, and the process goes on serving other requests.
//
// Toasts are read from the HTML as a browser without JavaScript gets it: a form's toast renders as
// page text, a failed load shows the toast's words next to its text (ui/load-error.tsx).

// One proxy and one app for the whole file, so its tests run in order in one worker.
test.describe.configure({ mode: 'default' })

/** The app's upstream timeout here (80 s in production): long enough for a loaded machine. */
const timeoutMs = 2_500
const password = 'DemoPass123!'

let proxy: FaultProxy
let app: AppProcess

test.beforeAll(async () => {
	test.setTimeout(180_000)
	proxy = await startFaultProxy({
		target: new URL(apiUrl).origin,
		port: Number(process.env.E2E_FAULT_PROXY_PORT ?? 0) || undefined,
	})
	app = await startApp({
		apiOrigin: proxy.url,
		port: Number(process.env.E2E_FAULT_APP_PORT ?? 0) || undefined,
		// No visitor page cache: every visit must reach the failing upstream.
		env: {
			UPSTREAM_TIMEOUT_MS: String(timeoutMs),
			UPSTREAM_RETRY_DELAY_MS: '50',
			PAGE_CACHE_MS: '0',
		},
	})
	await surveyPages()
})

test.afterAll(async () => {
	await app?.stop()
	await proxy?.close()
})

type Expected = {
	/** The toast of the spec's "General request errors" table. */
	title: string
	description: string
	/** The state error shown in place: the server's message, else the call's fallback. */
	text?: string
	retry: boolean
	/** What a failed form post answers. */
	actionStatus: number
}

const networkError = {
	title: 'Network Error',
	description: 'Please check your internet connection and try again.',
	retry: true,
	actionStatus: 503,
}

const faults: Record<Exclude<FaultMode, 'pass'>, Expected> = {
	down: networkError,
	slow: {
		title: 'Request Timeout',
		description: 'The server is taking longer than expected. It may be sleeping. Please try again.',
		retry: true,
		actionStatus: 503,
	},
	'error-500': {
		title: 'Error',
		description: 'Internal server error',
		text: 'Internal server error',
		retry: false,
		actionStatus: 502,
	},
	'invalid-json': {
		title: 'Something went wrong',
		description: 'Unexpected response from the server',
		retry: false,
		actionStatus: 503,
	},
	cut: networkError,
}

const crashHeading = 'Oops! Something went wrong'
const crashText =
	"We're sorry, but something unexpected happened. This error has been automatically reported to our team."

function decode(text: string) {
	return text
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

function textOf(html: string) {
	return decode(html.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '))
		.replace(/\s+/g, ' ')
		.trim()
}

/** The text of each element with role="alert" (load errors, form errors, static toasts). */
function alerts(html: string): string[] {
	const found: string[] = []
	for (const match of html.matchAll(
		/<(div|p|section)\b[^>]*\brole="alert"[^>]*>([\s\S]*?)<\/\1>/g,
	)) {
		found.push(textOf(match[2] ?? ''))
	}
	return found
}

/** A failed load in place: the toast's words, then the state error, then Retry where it applies. */
function loadAlert(expected: Expected, fallback: string) {
	const text = expected.text ?? fallback
	return [
		expected.title,
		expected.description === text ? '' : expected.description,
		text,
		expected.retry ? 'Retry' : '',
	]
		.filter(Boolean)
		.join(' ')
}

/** A form's toast as page text. */
function toastAlert(expected: Expected) {
	return [expected.title, expected.description, expected.retry ? 'Retry' : '']
		.filter(Boolean)
		.join(' ')
}

type Answer = { status: number; html: string; ms: number; location: string | null }

async function call(
	path: string,
	init: { cookie?: string; form?: Record<string, string> } = {},
): Promise<Answer> {
	const started = Date.now()
	const headers: Record<string, string> = { Origin: app.url }
	if (init.cookie) headers.Cookie = init.cookie
	const response = await fetch(`${app.url}${path}`, {
		method: init.form ? 'POST' : 'GET',
		body: init.form ? new URLSearchParams(init.form) : undefined,
		headers,
		redirect: 'manual',
		// Never a hang: the longest fault (3 list attempts past the timeout) ends well before this.
		signal: AbortSignal.timeout(20_000),
	})
	const html = await response.text()
	return {
		status: response.status,
		html,
		ms: Date.now() - started,
		location: response.headers.get('location'),
	}
}

/** Logs in through the app's own form while the upstream is healthy; returns the session cookie. */
async function logIn(email: string, as: 'user' | 'organization' = 'user'): Promise<string> {
	const response = await fetch(
		`${app.url}/login${as === 'organization' ? '?as=organization' : ''}`,
		{
			method: 'POST',
			body: new URLSearchParams({ email, password, as, redirectTo: '' }),
			headers: { Origin: app.url },
			redirect: 'manual',
			signal: AbortSignal.timeout(20_000),
		},
	)
	expect(response.status, `log in as ${email}`).toBe(302)
	await response.arrayBuffer()
	return response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ')
}

/**
 * Runs `check` with the upstream failing in `mode`, having logged in just before (access tokens
 * live 12 s in these servers, so a token is never refreshed mid-check, through the fault).
 */
async function underFault<T>(
	mode: FaultMode,
	login: () => Promise<string>,
	check: (cookie: string) => Promise<T>,
) {
	await proxy.setMode('pass')
	const cookie = await login()
	await proxy.setMode(mode)
	try {
		return await check(cookie)
	} finally {
		await proxy.setMode('pass')
	}
}

let page = 100
/** A catalogue page nobody asked for yet: anonymous answers are cached, and this must reach the API. */
const uncachedCatalogue = () => `/courses?page=${++page}`

/** Bounded time: one attempt per call, three for list calls, each ended by the timeout. */
const slowest = 3 * timeoutMs + 3_000

async function expectStillServing() {
	expect(app.alive(), `the app process is running\n${app.stderr()}`).toBe(true)
	const healthy = await call(uncachedCatalogue())
	expect(healthy.status).toBe(200)
	expect(healthy.ms).toBeLessThan(3_000)
	expect(alerts(healthy.html)).toEqual([])
	expect(textOf(healthy.html)).toContain('Courses')
}

/** A GET of the route table, opened as the role it belongs to. */
type Page = {
	pattern: string
	url: string
	owner: Who
	status: number
	hasPage: boolean
	area: string | null
	usesUpstream: boolean
}

const areas: Record<string, string> = {
	'/studentdashboard': 'Student navigation',
	'/teachersdashboard': 'Teacher navigation',
	'/organization': 'Organization navigation',
	'/conference': 'Live room navigation',
}

let world: World
let pages: Page[] = []

const upstreamCalls = () =>
	proxy.requests.filter((request) => !request.path.includes('/auth/refresh-token')).length

function pagesByOwner() {
	const groups = new Map<Who, Page[]>()
	for (const page of pages) groups.set(page.owner, [...(groups.get(page.owner) ?? []), page])
	return groups
}

/**
 * Every GET of the route table, with what it answers when the upstream is healthy and whether it
 * asks the upstream at all (a form page with nothing to load does not).
 */
async function surveyPages() {
	;({ world } = await buildWorld())
	const all = routeTable
		.filter((route) => route.hasLoader || route.hasPage)
		.map((route) => {
			const rule = ruleFor(route)
			const area = Object.keys(areas).find(
				(prefix) => route.pattern.startsWith(`${prefix}/`) || route.pattern === prefix,
			)
			return {
				pattern: route.pattern,
				url: rule.url(world),
				owner: ownerOf(rule),
				status: rule.status ?? 200,
				hasPage: route.hasPage,
				area: area && route.hasPage && (rule.status ?? 200) === 200 ? areas[area]! : null,
				usesUpstream: false,
			}
		})
	await proxy.setMode('pass')
	for (const [who, group] of new Map(
		all.map((page) => [page.owner, all.filter((other) => other.owner === page.owner)]),
	)) {
		const cookie =
			who === 'anonymous'
				? undefined
				: await logIn(world.emails[who], who === 'organization' ? 'organization' : 'user')
		for (const page of group) {
			const before = upstreamCalls()
			const answer = await call(page.url, { cookie })
			expect(answer.status, `${page.url} as ${who}, upstream healthy`).toBe(page.status)
			page.usesUpstream = upstreamCalls() > before
		}
	}
	pages = all
}

/**
 * A page's answer. A file streams from the upstream as it comes, so when the upstream drops the
 * connection mid-body the download breaks off the same way (status -1): the browser then shows a
 * failed download, never a complete-looking file.
 */
async function visit(page: Page, cookie: string | undefined): Promise<Answer> {
	try {
		return await call(page.url, { cookie })
	} catch (error) {
		if (page.hasPage || !(error instanceof TypeError)) throw error
		return { status: -1, html: '', ms: 0, location: null }
	}
}

/**
 * Soft checks, so one run lists every page that fails. No crash screen and no 500; inside its
 * area, with the spec's words wherever the upstream was asked.
 */
function expectAnswered(page: Page, answer: Answer, calls: number, expected: Expected) {
	const where = `${page.url} as ${page.owner}`
	const text = textOf(answer.html)
	expect.soft(text, where).not.toContain(crashHeading)
	expect.soft(text, where).not.toContain(crashText)
	expect.soft(answer.status, where).not.toBe(500)
	expect.soft(answer.ms, where).toBeLessThan(slowest + timeoutMs)
	if (!page.hasPage) {
		// A file or JSON answer: what it is when healthy, or the upstream's failure said as such.
		const broken = expected === faults.cut ? [-1] : []
		expect.soft([page.status, 502, 503, 504, ...broken], where).toContain(answer.status)
		return
	}
	// A fault is never read as "not found" or "refused": the page, or its error page, in its area.
	expect.soft([page.status, 502, 503, 504], where).toContain(answer.status)
	if (calls > 0 && [200, 502, 503, 504].includes(answer.status)) {
		expect.soft(alerts(answer.html).join(' '), where).toContain(expected.description)
	}
	if (page.area) expect.soft(answer.html, where).toContain(`aria-label="${page.area}"`)
}

for (const [mode, expected] of Object.entries(faults) as [Exclude<FaultMode, 'pass'>, Expected][]) {
	test.describe(`with the upstream ${mode}`, () => {
		test('the public catalogue shows the error toast in place and the app keeps serving', async () => {
			await proxy.setMode(mode)
			try {
				const answer = await call(uncachedCatalogue())
				expect(answer.status).toBe(200)
				expect(answer.ms).toBeLessThan(slowest)
				expect(alerts(answer.html)).toEqual([loadAlert(expected, 'Failed to fetch courses')])
				// A page that needs no upstream call is served while the upstream is failing.
				const pricing = await call('/pricing')
				expect(pricing.status).toBe(200)
				expect(pricing.ms).toBeLessThan(3_000)
			} finally {
				await proxy.setMode('pass')
			}
			await expectStillServing()
		})

		test('a logged-in dashboard shows the error toast in place of its data', async () => {
			const answer = await underFault(
				mode,
				() => logIn('student@example.com'),
				(cookie) => call('/studentdashboard', { cookie }),
			)
			expect(answer.status).toBe(200)
			expect(answer.ms).toBeLessThan(slowest)
			const text = textOf(answer.html)
			expect(text).toContain('Welcome, Sam Rivera')
			expect(alerts(answer.html)).toEqual([loadAlert(expected, 'Failed to fetch profile')])
			await expectStillServing()
		})

		test('a list page (retried three times) shows the error toast in place of the list', async () => {
			const before = proxy.requests.length
			const answer = await underFault(
				mode,
				() => logIn('teacher@example.com'),
				(cookie) => call('/teachersdashboard/courses', { cookie }),
			)
			expect(answer.status).toBe(200)
			expect(answer.ms).toBeLessThan(slowest)
			expect(alerts(answer.html)).toEqual([loadAlert(expected, 'Failed to fetch courses')])
			// Spec section 9: a failed list fetch makes up to 3 attempts; an answer that arrived but is
			// not JSON is not asked again, nor is one that timed out: the timeout spent the page
			// request's one time budget (decision 062), and two more waits would triple the page's.
			// (A refused connection never reaches the proxy to be counted.)
			if (mode !== 'down') {
				const attempts = proxy.requests.slice(before).filter((request) => request.mode === mode)
				expect(attempts).toHaveLength(mode === 'invalid-json' || mode === 'slow' ? 1 : 3)
			}
			await expectStillServing()
		})

		test('every page of the route table answers in its area with the error text, never the crash screen', async () => {
			test.setTimeout(240_000)
			// Only a timeout is slow enough to need pages side by side; the other faults fail at once,
			// so their pages go one at a time and each answer is matched with the calls it made.
			const oneByOne = mode !== 'slow'
			for (const [who, pages] of pagesByOwner()) {
				const cookie =
					who === 'anonymous'
						? undefined
						: await logIn(world.emails[who], who === 'organization' ? 'organization' : 'user')
				await proxy.setMode(mode)
				const answers: { page: Page; answer: Answer; calls: number }[] = []
				try {
					if (oneByOne) {
						for (const page of pages) {
							const before = upstreamCalls()
							answers.push({
								page,
								answer: await visit(page, cookie),
								calls: upstreamCalls() - before,
							})
						}
					} else {
						const settled = await Promise.all(pages.map((page) => visit(page, cookie)))
						// A signed-in user's cache was dropped by the login; a visitor's answers may come from it.
						settled.forEach((answer, index) =>
							answers.push({
								page: pages[index]!,
								answer,
								calls: who === 'anonymous' ? 0 : Number(pages[index]!.usesUpstream),
							}),
						)
					}
				} finally {
					await proxy.setMode('pass')
				}
				for (const { page, answer, calls } of answers) expectAnswered(page, answer, calls, expected)
			}
			await expectStillServing()
		})

		// Not in the route table's one address per pattern: the test page of an attempt under way
		// (`?session=`) answered 500 when its one call failed (seen at 1,200 people by the load bench).
		test('the page of a test under way answers in its area with the error text, never the crash screen', async () => {
			const url = `/studentdashboard/test/${world.templateId}?session=${world.testSessionId}`
			const cookie = await logIn(world.emails.student)
			await proxy.setMode(mode)
			let answer: Answer
			try {
				answer = await call(url, { cookie })
			} finally {
				await proxy.setMode('pass')
			}
			const page: Page = {
				pattern: '/studentdashboard/test/:templateId?session=',
				url,
				owner: 'student',
				status: 200,
				hasPage: true,
				area: areas['/studentdashboard']!,
				usesUpstream: true,
			}
			expectAnswered(page, answer, 1, expected)
		})

		test('a form post answers with the error toast and its text next to the form, storing nothing', async () => {
			const name = `Fault ${mode} ${Date.now().toString(36)}`
			const { answer, cookie } = await underFault(
				mode,
				() => logIn('organization@example.com', 'organization'),
				async (cookie) => ({
					cookie,
					answer: await call('/organization/dashboard', {
						cookie,
						form: {
							intent: 'create',
							departmentName: name,
							description: 'Made during an upstream fault',
						},
					}),
				}),
			)
			expect(answer.status).toBe(expected.actionStatus)
			expect(answer.ms).toBeLessThan(slowest + timeoutMs)
			const shown = alerts(answer.html)
			// The toast, as page text without JavaScript.
			expect(shown).toContain(toastAlert(expected))
			// The state error next to the form: the server's message, else the spec's fallback.
			expect(shown).toContain(expected.text ?? 'Failed to create department')
			await expectStillServing()
			// Nothing was created: searching for it (upstream healthy again) finds nothing.
			const departments = await call(
				`/organization/departments?departmentName=${encodeURIComponent(name)}`,
				{ cookie },
			)
			expect(departments.status).toBe(200)
			expect(alerts(departments.html)).toEqual([])
			expect(textOf(departments.html)).toContain(`No departments match “${name}”.`)
		})

		test('the login form answers with the error toast and keeps the visitor logged out', async () => {
			await proxy.setMode(mode)
			let answer: Answer
			try {
				answer = await call('/login', {
					form: { email: 'student@example.com', password, as: 'user', redirectTo: '' },
				})
			} finally {
				await proxy.setMode('pass')
			}
			expect(answer.status).toBe(expected.actionStatus)
			expect(answer.location).toBeNull()
			expect(answer.ms).toBeLessThan(slowest + 3_000)
			expect(alerts(answer.html)).toContain(toastAlert(expected))
			expect(alerts(answer.html)).toContain(expected.text ?? 'Login failed')
			await expectStillServing()
		})
	})
}

test('a hanging upstream holds no other request up, and the app outlives every fault', async () => {
	await proxy.setMode('slow')
	try {
		const hanging = call(uncachedCatalogue())
		// While the catalogue waits on the upstream, pages that need none answer at once.
		for (const path of ['/pricing', '/about-us', '/login']) {
			const answer = await call(path)
			expect(answer.status, path).toBe(200)
			expect(answer.ms, path).toBeLessThan(2_000)
		}
		expect((await hanging).status).toBe(200)
	} finally {
		await proxy.setMode('pass')
	}
	await expectStillServing()
	expect(app.stderr()).not.toMatch(/uncaught|unhandled/i)
})
