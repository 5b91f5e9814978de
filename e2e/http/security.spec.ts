import { actionUrl, ownerOf, postersOf, routeTable, ruleFor, rules } from './routes'
import {
	AppClient,
	appOrigin,
	dashboardPath,
	demo,
	demoPassword,
	expect,
	hostileForm,
	logInApp,
	ownersData,
	test,
	type Answer,
	type Role,
	type Who,
} from './security-world'

// Spec: issue 10, "Security". Every check is made over plain HTTP against the production build.

function directives(policy: string) {
	return new Map(
		policy
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((words) => words[0])
			.map(([name = '', ...values]) => [name.toLowerCase(), values]),
	)
}

/** The enforced, nonce-based policy and the other headers every answer carries; returns the nonce. */
function expectSecurityHeaders(answer: Answer, label: string) {
	const headers = answer.headers
	const policy = headers.get('Content-Security-Policy')
	expect(policy, `${label}: an enforced Content-Security-Policy`).toBeTruthy()
	expect(headers.get('Content-Security-Policy-Report-Only'), `${label}: not report-only`).toBeNull()
	const parsed = directives(policy ?? '')
	const scriptSrc = parsed.get('script-src') ?? []
	const nonces = scriptSrc.filter((value) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(value))
	expect(nonces, `${label}: script-src has one nonce (${scriptSrc.join(' ')})`).toHaveLength(1)
	expect(scriptSrc, `${label}: no inline scripts without the nonce`).not.toContain(
		"'unsafe-inline'",
	)
	expect(scriptSrc, `${label}: no eval`).not.toContain("'unsafe-eval'")
	expect(
		scriptSrc.some((value) => value === '*' || /^https?:$/.test(value)),
		`${label}: no wildcard script source`,
	).toBe(false)
	expect(parsed.get('object-src'), `${label}: no plugins`).toEqual(["'none'"])
	expect(parsed.get('frame-ancestors'), `${label}: not framed by other sites`).toEqual(["'none'"])
	expect(parsed.get('base-uri'), `${label}: base-uri`).toEqual(["'self'"])
	expect(headers.get('X-Content-Type-Options'), `${label}: nosniff`).toBe('nosniff')
	expect(headers.get('Referrer-Policy'), `${label}: Referrer-Policy`).toMatch(
		/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
	)
	// The e2e servers run the production build (NODE_ENV=production): HSTS is on.
	const hsts = headers.get('Strict-Transport-Security') ?? ''
	expect(
		Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0),
		`${label}: HSTS for at least a year`,
	).toBeGreaterThanOrEqual(31_536_000)
	return (nonces[0] ?? '').slice("'nonce-".length, -1)
}

test.describe('security headers on every page of the route table, as its own role', () => {
	for (const route of routeTable) {
		test(`headers: ${route.pattern}`, async ({ world, as }) => {
			const rule = ruleFor(route)
			const who = ownerOf(rule)
			const client = as(who)
			const url = rule.url(world)
			const answer = await client.get(url)
			expect(answer.status, `${who} GET ${url}`).toBe(rule.status ?? 200)
			const nonce = expectSecurityHeaders(answer, `${who} GET ${url}`)
			if (!route.hasPage || (answer.status >= 300 && answer.status < 400)) return
			expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/)
			const scripts = [...answer.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
			expect(scripts.length, `${url}: the page has scripts`).toBeGreaterThan(0)
			for (const tag of scripts)
				expect(tag, `${url}: every script carries the header's nonce`).toContain(`nonce="${nonce}"`)
			// Inline event handlers would need 'unsafe-inline': none are rendered.
			expect(answer.text).not.toMatch(/<[a-z][^>]*\son[a-z]+=["']/i)
		})
	}

	test('the nonce is new on every response', async () => {
		const client = new AppClient()
		const [first, second] = await Promise.all([client.get('/'), client.get('/')])
		expect(expectSecurityHeaders(first, 'first')).not.toBe(expectSecurityHeaders(second, 'second'))
	})
})

test.describe('session cookie', () => {
	for (const role of ['student', 'tutor', 'organization'] as Role[]) {
		test(`the ${role}'s session cookie is HttpOnly, SameSite=Lax and Secure in production`, async () => {
			const client = new AppClient()
			const answer = await client.post('/login', {
				email: demo[role],
				password: demoPassword,
				as: role === 'organization' ? 'organization' : 'user',
			})
			expect(answer.status).toBe(302)
			const cookie = answer.setCookies.find((value) => value.startsWith('__session='))
			expect(cookie, 'a session cookie is set').toBeTruthy()
			const attributes = (cookie ?? '')
				.split(';')
				.slice(1)
				.map((part) => part.trim().toLowerCase())
			expect(attributes).toContain('httponly')
			expect(attributes).toContain('samesite=lax')
			expect(attributes).toContain('secure')
			expect(attributes).toContain('path=/')
			expect(expectSecurityHeaders(answer, 'login answer')).toBeTruthy()
		})
	}
})

/**
 * Refused before any action runs: by React Router's own origin check (400, for page routes when
 * the Origin is foreign) or by the app's security middleware (403, every other case).
 */
function expectCrossSiteRefusal(answer: Answer, label: string) {
	expect([400, 403], `${label}: refused (got ${answer.status})`).toContain(answer.status)
	if (answer.status === 403)
		expect(answer.text, label).toContain('Cross-site form posts are not accepted.')
	else expect(answer.text.trim(), label).toBe('Bad Request')
	expect(answer.location, `${label}: no redirect`).toBeNull()
	expect(
		answer.setCookies.filter((cookie) => cookie.startsWith('__session=')),
		`${label}: no session change`,
	).toEqual([])
}

test.describe('cross-site form posts are refused by every action', () => {
	const actions = routeTable.filter((route) => route.hasAction)

	test('the route table has actions to check', () => {
		expect(actions.length).toBeGreaterThan(30)
	})

	for (const route of actions) {
		test(`cross-site POST: ${route.pattern}`, async ({ world, apis, as }) => {
			const rule = ruleFor(route)
			// Posted as an account the action would accept, so only the cross-site check can refuse it.
			const who = postersOf(rule).find((role) => role !== 'anonymous') ?? 'anonymous'
			const client = as(who)
			const url = actionUrl(route, rule.url(world))
			const before = await ownersData(apis)
			const form = hostileForm(world, 'Cross-site change')
			const attempts: [string, Record<string, string>, string | null][] = [
				['foreign Origin', {}, 'https://evil.example'],
				['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }, null],
				[
					'Sec-Fetch-Site: cross-site with the app Origin',
					{ 'Sec-Fetch-Site': 'cross-site' },
					appOrigin,
				],
				['opaque Origin (sandboxed frame)', {}, 'null'],
				['same host, other port', {}, 'http://127.0.0.1:1'],
			]
			for (const [label, headers, origin] of attempts) {
				const answer = await client.post(url, form, { headers, origin })
				expectCrossSiteRefusal(answer, `${who} ${label} POST ${url}`)
			}
			expect(await ownersData(apis), 'nothing changed').toEqual(before)
		})
	}

	test('a cross-site login with valid credentials starts no session', async () => {
		const client = new AppClient()
		const answer = await client.post(
			'/login',
			{ email: demo.student, password: demoPassword, as: 'user' },
			{ origin: 'https://evil.example' },
		)
		expectCrossSiteRefusal(answer, 'cross-site login')
		expect(client.cookies.has('__session')).toBe(false)
		// Control: the same post from the app itself logs in.
		const same = await client.post('/login', {
			email: demo.student,
			password: demoPassword,
			as: 'user',
		})
		expect(same.status).toBe(302)
		expect(client.cookies.has('__session')).toBe(true)
	})

	test('a cross-site profile change as the signed-in student changes nothing', async ({
		apis,
		as,
	}) => {
		const client = as('student')
		const before = await apis.student.ok('GET', `/users/student-profile/${apis.student.id}`)
		const answer = await client.post(
			'/studentdashboard/profile',
			{ intent: 'profile', firstName: 'Mallory', lastName: 'Mallory', phone: '', bio: 'pwned' },
			{ origin: 'https://evil.example', headers: { 'Sec-Fetch-Site': 'cross-site' } },
		)
		expectCrossSiteRefusal(answer, 'cross-site profile change')
		expect(await apis.student.ok('GET', `/users/student-profile/${apis.student.id}`)).toEqual(
			before,
		)
	})
})

test.describe('redirectTo never leaves the site', () => {
	const hostile = [
		'https://evil.example',
		'https://evil.example/studentdashboard',
		'//evil.example',
		'//evil.example/%2F..',
		'/\\evil.example',
		'\\\\evil.example',
		'/%5Cevil.example',
		'/\t/evil.example',
		'javascript:alert(document.cookie)',
		'JaVaScRiPt:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'http:evil.example',
		' https://evil.example',
	]
	for (const redirectTo of hostile) {
		test(`login with redirectTo=${JSON.stringify(redirectTo)} lands on the dashboard`, async () => {
			const client = new AppClient()
			const page = await client.get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
			expect(page.status).toBe(200)
			const answer = await client.post('/login', {
				email: demo.student,
				password: demoPassword,
				as: 'user',
				redirectTo,
			})
			expect(answer.status).toBe(302)
			const location = answer.location ?? ''
			// Where a browser would go: this very app, on a plain path.
			expect(new URL(location, appOrigin).origin).toBe(appOrigin)
			expect(location).toMatch(/^\/(?![/\\])/)
			expect(location).not.toMatch(/[\\\s]|^\/\/|:/)
			// Anything but a plain same-site path falls back to the dashboard. (/%5C... is such a path:
			// the browser keeps %5C encoded, so it stays on this site.)
			if (!/^\/%5C/i.test(redirectTo)) expect(location).toBe(dashboardPath.student)
		})
	}

	test('a same-site redirectTo is followed (control)', async () => {
		const client = new AppClient()
		const answer = await client.post('/login', {
			email: demo.student,
			password: demoPassword,
			as: 'user',
			redirectTo: '/studentdashboard/tasks?page=1',
		})
		expect(answer.location).toBe('/studentdashboard/tasks?page=1')
	})

	test('a page that needs a login sends back only to a path of this site', async () => {
		const answer = await new AppClient().get('/teachersdashboard/courses?x=1')
		expect(answer.status).toBe(302)
		expect(answer.location).toBe(
			`/login?redirectTo=${encodeURIComponent('/teachersdashboard/courses?x=1')}`,
		)
	})
})

test.describe('no access or refresh token reaches the browser', () => {
	const jwt = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}/
	for (const who of ['anonymous', 'student', 'tutor', 'organization'] as Who[]) {
		test(`as ${who}: no token in any page, loader data or script`, async ({ world }) => {
			test.setTimeout(90_000)
			const client = who === 'anonymous' ? new AppClient() : await logInApp(who, world.emails[who])
			const secrets: string[] = []
			if (who !== 'anonymous') {
				const session = await client.sessionData()
				expect(session.accessToken, 'the session holds an access token').toMatch(jwt)
				expect(session.refreshToken, 'and a refresh token').toBeTruthy()
				secrets.push(session.accessToken ?? '', session.refreshToken ?? '')
			}
			const received: { what: string; text: string }[] = []
			const scripts = new Set<string>()
			const pages = routeTable.filter((route) => route.hasPage && ruleFor(route).get.includes(who))
			expect(pages.length).toBeGreaterThan(5)
			for (const route of pages) {
				const url = ruleFor(route).url(world)
				const page = await client.get(url)
				received.push({ what: `page ${url}`, text: page.text + JSON.stringify([...page.headers]) })
				for (const match of page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g))
					scripts.add(match[1] ?? '')
				for (const match of page.text.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g))
					scripts.add(match[1] ?? '')
				// What client-side navigation fetches: the same loaders' data.
				const { pathname, search } = new URL(url, appOrigin)
				const dataUrl = `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data${search}`
				const loaderData = await client.get(dataUrl)
				received.push({ what: `data ${dataUrl}`, text: loaderData.text })
				// Refreshes happen while we browse: the newest tokens must not show up either.
				const session = await client.sessionData()
				for (const token of [session.accessToken, session.refreshToken])
					if (token && !secrets.includes(token)) secrets.push(token)
			}
			expect(scripts.size, 'the pages load scripts').toBeGreaterThan(3)
			const assets = await Promise.all(
				[...scripts].map(async (src) => ({
					what: `script ${src}`,
					text: (await client.get(src)).text,
				})),
			)
			for (const { what, text } of [...received, ...assets]) {
				expect(jwt.test(text), `${what} holds no JWT`).toBe(false)
				for (const secret of secrets)
					expect(text.includes(secret), `${what} holds no token of this session`).toBe(false)
			}
		})
	}
})

test('every route of the table has a security expectation', () => {
	for (const route of routeTable) expect(() => ruleFor(route)).not.toThrow()
	expect(routeTable.length).toBeGreaterThan(80)
	// And no expectation is left for a route that is gone.
	expect(Object.keys(rules).sort()).toEqual(routeTable.map((route) => route.pattern).sort())
})
