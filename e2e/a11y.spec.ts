import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page, TestInfo } from '@playwright/test'
import config from '../playwright.config'
import { type A11yData, flattenRoutes, makeData, password } from './a11y-data'
import { demoPassword, expect, logIn, test } from './fixtures'
import { htmlErrors } from './html-checker'

// axe-core on every page of the route table, as the role that owns it, with JavaScript on and
// off (the two projects), on a desktop screen and on a 360 px phone, where no page may scroll
// sideways, and in dark mode; without JavaScript, the W3C HTML checker over each page as served. Pages come from app/routes.ts itself: a route with no page here fails
// the coverage test below. Resource routes (modules without a default export: files, JSON and
// redirects) render no page and are listed, not visited.

// The live rooms may ask for a camera; Chromium's fake devices answer without a prompt.
test.use({
	launchOptions: {
		...config.use?.launchOptions,
		args: [
			...(config.use?.launchOptions?.args ?? []),
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
		],
	},
})

type Role = 'anonymous' | 'student' | 'teacher' | 'organization'
type Visit = { url: string; as: Role; note?: string; expectUrl?: RegExp; status?: number }

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** The pages to visit for each URL pattern of the route table, with real ids filled in. */
function visits(d: A11yData): Record<string, Visit[]> {
	const s = `/studentdashboard`
	const t = `/teachersdashboard`
	const o = `/organization`
	const email = encodeURIComponent(d.student.email)
	return {
		'/': [
			{ url: '/', as: 'anonymous' },
			{ url: '/', as: 'student', note: 'signed in' },
			{ url: '/', as: 'teacher', note: 'signed in' },
		],
		'/pricing': [{ url: '/pricing', as: 'anonymous' }],
		'/about-us': [{ url: '/about-us', as: 'anonymous' }],
		'/contact-us': [{ url: '/contact-us', as: 'anonymous' }],
		'/login': [
			{ url: '/login', as: 'anonymous' },
			{ url: '/login?as=organization', as: 'anonymous' },
		],
		// Between a right password and its code e2e/two-factor.spec.ts shows the form; opened alone,
		// the page says to log in first.
		'/login/two-factor': [{ url: '/login/two-factor', as: 'anonymous', note: 'no password yet' }],
		// Single sign-on: e2e/single-sign-on.spec.ts goes through the provider; alone, the pages say
		// what they can.
		'/login/sso': [{ url: '/login/sso', as: 'anonymous' }],
		'/login/sso/link': [{ url: '/login/sso/link', as: 'anonymous', note: 'nothing waiting' }],
		'/login/sso/callback': [
			{
				url: '/login/sso/callback?code=unknown&state=unknown',
				as: 'anonymous',
				status: 400,
				note: 'no sign-in started',
			},
		],
		'/login/sso/:organizationId': [
			{
				url: '/login/sso/00000000-0000-4000-8000-000000000000',
				as: 'anonymous',
				status: 404,
				note: 'no single sign-on',
			},
		],
		'/forgot-password': [
			{ url: '/forgot-password', as: 'anonymous' },
			{ url: '/forgot-password?as=organization', as: 'anonymous' },
		],
		'/reset-password': [
			{ url: '/reset-password?token=unknown', as: 'anonymous', note: 'a used or unknown link' },
		],
		'/verify-email': [
			{
				url: '/verify-email?token=unknown',
				as: 'anonymous',
				status: 400,
				note: 'a used or unknown link',
			},
		],
		'/unsubscribe': [{ url: '/unsubscribe?token=unknown', as: 'anonymous' }],
		// The link of "I can't use my codes" (decision 053): its button, or why there is none.
		'/two-factor-recovery': [
			{ url: '/two-factor-recovery?token=unknown', as: 'anonymous', note: 'a link' },
			{ url: '/two-factor-recovery', as: 'anonymous', note: 'no token' },
		],
		'/unauthorized': [{ url: '/unauthorized', as: 'anonymous' }],
		'/signup/:role': [
			{ url: '/signup/student', as: 'anonymous' },
			{ url: '/signup/teacher', as: 'anonymous' },
			{ url: '/signup/organization', as: 'anonymous' },
		],
		'/verify/certificate/:publicId': [
			{ url: `/verify/certificate/${d.certificate.publicId}`, as: 'anonymous' },
			{ url: '/verify/certificate/NOT-A-REAL-ID', as: 'anonymous', note: 'not genuine' },
		],
		'/verify/report-card/:publicId': [
			{ url: `/verify/report-card/${d.reportCardPublicId}`, as: 'anonymous' },
			{ url: '/verify/report-card/NOT-A-REAL-ID', as: 'anonymous', note: 'not genuine' },
		],
		'/courses': [
			{ url: '/courses', as: 'anonymous' },
			{ url: '/courses?category=Arts', as: 'student', note: 'signed in, filtered' },
			{ url: '/courses', as: 'organization', note: 'signed in' },
		],
		'/courses/find-student': [
			{ url: '/courses/find-student', as: 'teacher' },
			{ url: '/courses/find-student', as: 'organization' },
		],
		'/courses/:courseId': [
			{ url: `/courses/${d.forSaleId}`, as: 'anonymous' },
			{ url: `/courses/${d.courseId}`, as: 'student', note: 'enrolled' },
		],
		'/course/:courseId/checkout': [{ url: `/course/${d.forSaleId}/checkout`, as: 'student' }],
		'/courses/:courseId/processing/:paymentId': [
			{ url: `/courses/${d.forSaleId}/processing/${d.pendingPaymentId}`, as: 'student' },
		],
		'/courses/:courseId/success': [
			{ url: `/courses/${d.boughtCourseId}/success?payment=${d.paidPaymentId}`, as: 'student' },
		],
		'/courses/:courseId/failed': [
			{ url: `/courses/${d.forSaleId}/failed?payment=${d.failedPaymentId}`, as: 'student' },
		],
		'/*': [{ url: '/no-such-page', as: 'anonymous', status: 404, note: 'the 404 page' }],
		// The operator's reporting check is off here (ERROR_CHECK unset): the 404 page again.
		'/error-check': [{ url: '/error-check', as: 'teacher', status: 404, note: 'off: 404' }],

		[s]: [{ url: s, as: 'student' }],
		[`${s}/courses`]: [{ url: `${s}/courses`, as: 'student' }],
		[`${s}/:courseId/course-details`]: [
			{ url: `${s}/${d.courseId}/course-details`, as: 'student' },
		],
		[`${s}/sessions`]: [{ url: `${s}/sessions`, as: 'student' }],
		[`${s}/test/:templateId`]: [
			{ url: `${s}/test/${d.openTemplate}`, as: 'student', note: 'introduction' },
			{
				url: `${s}/test/${d.openTemplate}?session=${d.openSessionId}`,
				as: 'student',
				note: 'taking the test',
			},
		],
		[`${s}/qa/templates`]: [{ url: `${s}/qa/templates`, as: 'student' }],
		[`${s}/qa`]: [{ url: `${s}/qa`, as: 'student' }],
		[`${s}/test-results`]: [{ url: `${s}/test-results`, as: 'student' }],
		[`${s}/test-summary/:testHistoryId`]: [
			{ url: `${s}/test-summary/${d.historyId}`, as: 'student' },
		],
		[`${s}/test-result/:sessionId`]: [
			{ url: `${s}/test-result/${d.finishedSessionId}`, as: 'student' },
		],
		[`${s}/library`]: [{ url: `${s}/library`, as: 'student' }],
		[`${s}/profile`]: [{ url: `${s}/profile`, as: 'student' }],
		[`${s}/announcements`]: [{ url: `${s}/announcements`, as: 'student' }],
		[`${s}/announcements/:announcementId`]: [
			{ url: `${s}/announcements/${d.announcementId}`, as: 'student' },
		],
		[`${s}/certificates`]: [{ url: `${s}/certificates`, as: 'student' }],
		[`${s}/report-cards`]: [{ url: `${s}/report-cards`, as: 'student' }],
		[`${s}/tasks`]: [{ url: `${s}/tasks`, as: 'student' }],
		[`${s}/task-details`]: [{ url: `${s}/task-details?taskId=${d.taskId}`, as: 'student' }],

		[t]: [{ url: t, as: 'teacher' }],
		[`${t}/courses`]: [{ url: `${t}/courses`, as: 'teacher' }],
		[`${t}/course-details`]: [
			{ url: `${t}/course-details`, as: 'teacher', note: 'the sample course' },
			{ url: `${t}/course-details?courseId=${d.courseId}`, as: 'teacher' },
		],
		[`${t}/courses/edit/:courseId`]: [{ url: `${t}/courses/edit/${d.courseId}`, as: 'teacher' }],
		[`${t}/courses/form`]: [{ url: `${t}/courses/form`, as: 'teacher' }],
		[`${t}/payment-setup`]: [{ url: `${t}/payment-setup`, as: 'teacher' }],
		[`${t}/stripe/complete-onboarding`]: [
			{ url: `${t}/stripe/complete-onboarding`, as: 'teacher' },
		],
		[`${t}/schedule`]: [{ url: `${t}/schedule`, as: 'teacher' }],
		[`${t}/schedule/new`]: [{ url: `${t}/schedule/new`, as: 'teacher' }],
		[`${t}/schedule/:scheduleId/edit`]: [
			{ url: `${t}/schedule/${d.scheduleId}/edit`, as: 'teacher' },
		],
		[`${t}/schedule/:scheduleId/attendance`]: [
			{ url: `${t}/schedule/${d.scheduleId}/attendance`, as: 'teacher' },
		],
		[`${t}/qa/create`]: [{ url: `${t}/qa/create`, as: 'teacher' }],
		[`${t}/qa/templates`]: [{ url: `${t}/qa/templates`, as: 'teacher' }],
		[`${t}/library`]: [{ url: `${t}/library`, as: 'teacher' }],
		[`${t}/profile`]: [{ url: `${t}/profile`, as: 'teacher' }],
		// Where a teacher is held when the organization requires two-factor (decision 037).
		[`${t}/two-factor`]: [{ url: `${t}/two-factor`, as: 'teacher' }],
		[`${t}/announcement/list`]: [{ url: `${t}/announcement/list`, as: 'teacher' }],
		[`${t}/report-card/:studentId/:courseId`]: [
			{ url: `${t}/report-card/${d.student.id}/${d.courseId}`, as: 'teacher' },
		],
		[`${t}/report-card/:studentId`]: [{ url: `${t}/report-card/${d.student.id}`, as: 'teacher' }],
		[`${t}/certificate/:studentId/:courseId/:tutorId/:studentEmail`]: [
			{
				url: `${t}/certificate/${d.student.id}/${d.courseId}/${d.teacher.id}/${email}`,
				as: 'teacher',
			},
		],
		[`${t}/tasks`]: [{ url: `${t}/tasks`, as: 'teacher' }],
		[`${t}/tasks/submissions`]: [
			{ url: `${t}/tasks/submissions?taskId=${d.taskId}`, as: 'teacher' },
		],
		[`${t}/tasks/view-submissions`]: [
			{
				url: `${t}/tasks/view-submissions?taskId=${d.taskId}&studentId=${d.student.id}`,
				as: 'teacher',
			},
		],

		[`${o}/dashboard`]: [{ url: `${o}/dashboard`, as: 'organization' }],
		[`${o}/courses`]: [
			{ url: `${o}/courses`, as: 'organization' },
			{
				url: `${o}/courses?course=${d.organization.courseId}`,
				as: 'organization',
				note: "a course's class list",
			},
		],
		[`${o}/payment-setup`]: [{ url: `${o}/payment-setup`, as: 'organization' }],
		[`${o}/stripe/complete-onboarding`]: [
			{ url: `${o}/stripe/complete-onboarding`, as: 'organization' },
		],
		[`${o}/students`]: [{ url: `${o}/students`, as: 'organization' }],
		[`${o}/teachers`]: [{ url: `${o}/teachers`, as: 'organization' }],
		[`${o}/departments`]: [{ url: `${o}/departments`, as: 'organization' }],
		[`${o}/roster`]: [{ url: `${o}/roster`, as: 'organization' }],
		[`${o}/roster/imports/:importId`]: [
			{
				url: `${o}/roster/imports/${d.organization.rosterImportId}`,
				as: 'organization',
				note: 'a preview with an error row',
			},
		],
		[`${o}/exports`]: [
			{ url: `${o}/exports`, as: 'organization', note: 'the latest background exports' },
		],
		[`${o}/exports/:exportId`]: [
			{
				url: `${o}/exports/${d.organization.exportId}`,
				as: 'organization',
				note: 'a background export',
			},
		],
		[`${o}/analytics`]: [{ url: `${o}/analytics`, as: 'organization' }],
		[`${o}/settings`]: [{ url: `${o}/settings`, as: 'organization' }],
		[`${o}/single-sign-on`]: [{ url: `${o}/single-sign-on`, as: 'organization' }],
		[`${o}/score-input`]: [{ url: `${o}/score-input`, as: 'organization' }],
		[`${o}/result-cards`]: [{ url: `${o}/result-cards`, as: 'organization' }],
		[`${o}/org/announcement/list`]: [{ url: `${o}/org/announcement/list`, as: 'organization' }],
		[`${o}/certificate/:studentId/:courseId/:organizationId/:studentEmail`]: [
			{
				url: `${o}/certificate/${d.organization.student.id}/${d.organization.courseId}/${d.organization.id}/${encodeURIComponent(d.organization.student.email)}`,
				as: 'organization',
			},
		],

		'/conference': [
			{ url: '/conference', as: 'teacher' },
			{ url: '/conference', as: 'student' },
			{ url: '/conference', as: 'organization', note: 'the rooms of its own courses' },
		],
		'/conference/classroom/:roomId': [{ url: `/conference/classroom/${d.roomId}`, as: 'teacher' }],
		'/conference/whiteboard/:roomId': [
			{ url: `/conference/whiteboard/${d.roomId}`, as: 'student' },
		],

		// An unknown address under an area: its 404 page, inside the area's navigation.
		[`${s}/*`]: [
			{ url: `${s}/no-such-page`, as: 'student', status: 404, note: 'the area 404 page' },
		],
		[`${t}/*`]: [
			{ url: `${t}/no-such-page`, as: 'teacher', status: 404, note: 'the area 404 page' },
		],
		[`${o}/*`]: [
			{ url: `${o}/no-such-page`, as: 'organization', status: 404, note: 'the area 404 page' },
		],
		'/conference/*': [
			{ url: '/conference/no-such-page', as: 'student', status: 404, note: 'the area 404 page' },
		],
	}
}

const routes = flattenRoutes()

test('every page of the route table is covered by the sweep', () => {
	const resources = routes.filter((route) => route.resource).map((route) => route.pattern)
	// Files, JSON and redirects, named so a new one is a conscious choice.
	expect(resources).toEqual([
		'/login/sso/:organizationId/start',
		'/logout',
		'/account/resend-verification',
		'/language',
		'/files/:key',
		'/calendar/:token',
		'/studentdashboard/test/:templateId/progress',
		'/studentdashboard/library/:resourceId/file',
		'/studentdashboard/certificates/:certificateId/pdf',
		'/studentdashboard/task-details/file',
		'/studentdashboard/task-details/submit',
		'/teachersdashboard/courses/class-list',
		'/teachersdashboard/library/:resourceId/file',
		'/teachersdashboard/certificates/:certificateId/pdf',
		'/teachersdashboard/tasks/submissions/export',
		'/teachersdashboard/tasks/file',
		'/organization',
		'/organization/courses/class-list',
		'/organization/score-input/export',
		'/organization/result-cards/export',
		'/organization/roster/template',
		'/organization/roster/export',
		'/organization/exports/:exportId/file',
		'/organization/certificates/:certificateId/pdf',
	])
	// Ids are placeholders here: only the keys matter.
	const anything: object = new Proxy(() => 'x', {
		get: (_, key) => (key === Symbol.toPrimitive ? () => 'x' : anything),
	})
	const covered = Object.keys(visits(anything as A11yData))
	const pages = routes.filter((route) => !route.resource).map((route) => route.pattern)
	expect(
		pages.filter((pattern) => !covered.includes(pattern)),
		'pages with no visit',
	).toEqual([])
	expect(
		covered.filter((pattern) => !pages.includes(pattern)),
		'visits of no route',
	).toEqual([])
})

let data: A11yData | undefined
async function sharedData() {
	data ??= await makeData()
	return data
}

const accounts: Record<
	Exclude<Role, 'anonymous'>,
	(d: A11yData) => [string, string, 'user' | 'organization']
> = {
	student: (d) => [d.student.email, password, 'user'],
	teacher: (d) => [d.teacher.email, password, 'user'],
	organization: () => ['organization@example.com', demoPassword, 'organization'],
}

async function signIn(page: Page, role: Role, d: A11yData) {
	await page.context().clearCookies()
	if (role === 'anonymous') return
	const [email, pass, as] = accounts[role](d)
	await logIn(page, email, pass, as)
	await expect(page).not.toHaveURL(/\/login/)
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

function describe(label: string, violations: Violation[]) {
	return violations
		.map(
			(violation) =>
				`${label}\n  [${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${violation.nodes
					.slice(0, 8)
					.map(
						(node) =>
							`    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').split('\n').slice(0, 3).join(' | ')}`,
					)
					.join('\n')}`,
		)
		.join('\n')
}

/** Waits for the page to settle (hydrated, no requests in flight) before axe reads it. */
async function settle(page: Page, testInfo: TestInfo) {
	await page.waitForLoadState('load')
	// Without scripts the loaded page is final; with them, let hydration and its requests end.
	if (testInfo.project.name === 'js')
		await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined)
	await toastsShown(page)
}

/** A toast fades in (and moves again when the window changes size): axe reads it once it is fully shown. */
async function toastsShown(page: Page) {
	await page.waitForFunction(() =>
		[...document.querySelectorAll('[data-sonner-toast]')].every(
			(toast) => getComputedStyle(toast).opacity === '1',
		),
	)
}

/**
 * The page axe reads. axe runs as a script in the page, which a context with JavaScript off
 * cannot do; so the no-js project reads the server's HTML in a context of its own with every
 * script removed (and <noscript> unwrapped): what a browser without JavaScript shows.
 */
async function scanPage(page: Page, testInfo: TestInfo, browser: Browser) {
	if (testInfo.project.name !== 'no-js') return page
	const context = await browser.newContext({
		baseURL: testInfo.project.use.baseURL,
		javaScriptEnabled: true,
	})
	await context.route('**/*', async (route) => {
		const type = route.request().resourceType()
		if (type === 'script') return route.abort()
		if (type !== 'document') return route.continue()
		const response = await route.fetch({ maxRedirects: 0 })
		const body = (await response.text())
			.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
			.replace(/<link rel="modulepreload"[^>]*>/gi, '')
			.replace(/<\/?noscript>/gi, '')
		await route.fulfill({ response, body })
	})
	return context.newPage()
}

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 720 }

/**
 * What spills past a 360 px screen: the page must not scroll sideways (a table may scroll inside
 * its own focusable region). Names the widest offenders so the fix is easy to find.
 */
async function sidewaysScroll(page: Page, label: string) {
	const spill = await page.evaluate(() => {
		const width = document.documentElement.clientWidth
		if (document.documentElement.scrollWidth <= width) return null
		const offenders: string[] = []
		const clipped = (element: Element) => {
			for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
				if (getComputedStyle(up).overflowX !== 'visible') return true
			return false
		}
		for (const element of document.body.querySelectorAll('*')) {
			const box = element.getBoundingClientRect()
			// An absolutely placed element escapes a clipping box that is not its containing block.
			const placed = getComputedStyle(element).position === 'absolute'
			if (box.right <= width + 0.5 || box.width === 0 || (!placed && clipped(element))) continue
			// Only the outermost element that spills: its children spill because it does.
			const parent = element.parentElement?.getBoundingClientRect()
			if (parent && parent.right > width + 0.5) continue
			const name = element.tagName.toLowerCase()
			const id = element.id ? `#${element.id}` : ''
			const text = (element.textContent ?? '').trim().slice(0, 40)
			offenders.push(
				`${name}${id}.${element.className.toString().split(' ').slice(0, 4).join('.')} right=${Math.round(box.right)} "${text}"`,
			)
			if (offenders.length === 5) break
		}
		return { scrollWidth: document.documentElement.scrollWidth, width, offenders }
	})
	return spill
		? `${label} at ${PHONE.width} px\n  scrolls sideways: ${spill.scrollWidth} px wide\n${spill.offenders.map((o) => `    - ${o}`).join('\n')}`
		: null
}

/**
 * The page as a system set to dark mode shows it (app/dark-mode.css). Only colours change, so
 * one more reading at desktop size, of the rules about colour, is enough.
 */
async function inDarkMode<T>(page: Page, read: () => Promise<T>) {
	await page.emulateMedia({ colorScheme: 'dark' })
	expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true)
	try {
		return await read()
	} finally {
		await page.emulateMedia({ colorScheme: 'light' })
	}
}

const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export async function axeViolations(page: Page, label: string, rules?: string[]) {
	const axe = new AxeBuilder({ page })
	const { violations } = await (rules ? axe.withRules(rules) : axe.withTags(TAGS)).analyze()
	return violations.length ? describe(label, violations) : null
}

async function sweep(
	testPage: Page,
	browser: Browser,
	testInfo: TestInfo,
	role: Role,
	patterns: (pattern: string) => boolean,
	[part, parts] = [1, 1],
) {
	const d = await sharedData()
	const page = await scanPage(testPage, testInfo, browser)
	const all = Object.entries(visits(d)).filter(([pattern]) => patterns(pattern))
	const everyVisit = all.flatMap(([pattern, list]) =>
		list.filter((visit) => visit.as === role).map((visit) => ({ pattern, ...visit })),
	)
	// A big area is swept in parts, each a test of its own, so each stays well inside its timeout.
	const size = Math.ceil(everyVisit.length / parts)
	const mine = everyVisit.slice((part - 1) * size, part * size)
	expect(mine.length).toBeGreaterThan(0)
	await signIn(page, role, d)
	// A toast that comes late (a page that polls) would be read by axe halfway through its fade:
	// with reduced motion, as sonner honours it, a toast is either not there or fully shown.
	await page.emulateMedia({ reducedMotion: 'reduce' })
	const problems: string[] = []
	// Without JavaScript, each page's HTML as the server sent it, for the W3C checker at the end.
	const served: { label: string; html: string }[] = []
	for (const visit of mine) {
		const response = await page.goto(visit.url)
		expect(response?.status(), `${visit.url} answers`).toBe(visit.status ?? 200)
		// A page that sends its visitor elsewhere would be checked in the wrong place.
		expect(new URL(page.url()).pathname, `${visit.url} stays put`).toBe(
			new URL(visit.url, 'http://x').pathname,
		)
		await settle(page, testInfo)
		const label = `${visit.url} as ${role}${visit.note ? ` (${visit.note})` : ''}`
		if (testInfo.project.name === 'no-js' && response)
			served.push({ label, html: await response.text() })
		const found = await axeViolations(page, label)
		if (found) problems.push(found)
		// And on a 360 px phone: nothing scrolls sideways, and axe is content there too.
		await page.setViewportSize(PHONE)
		await toastsShown(page)
		const spill = await sidewaysScroll(page, label)
		if (spill) problems.push(spill)
		const onPhone = await axeViolations(page, `${label} at ${PHONE.width} px`)
		if (onPhone) problems.push(onPhone)
		await page.setViewportSize(DESKTOP)
		const dark = await inDarkMode(page, () =>
			axeViolations(page, `${label} in dark mode`, COLOUR_RULES),
		)
		if (dark) problems.push(dark)
	}
	if (page !== testPage) await page.context().close()
	const invalid = await htmlErrors(served)
	if (invalid) problems.push(`The W3C HTML checker's errors:\n${invalid}`)
	expect(problems.join('\n\n'), 'axe violations and HTML errors').toBe('')
}

const publicPage = (pattern: string) =>
	!/^\/(studentdashboard|teachersdashboard|organization|conference)(\/|$)/.test(pattern)
const area = (prefix: string) => (pattern: string) =>
	pattern === prefix || pattern.startsWith(`${prefix}/`)

test.describe('axe finds no violations', () => {
	test.describe.configure({ timeout: 180_000 })

	for (const part of [1, 2]) {
		test(`public pages, anonymous, part ${part} of 2`, async ({ page, browser }, testInfo) => {
			await sweep(page, browser, testInfo, 'anonymous', publicPage, [part, 2])
		})
	}
	test('public pages and checkout, signed in as a student', async ({ page, browser }, testInfo) => {
		await sweep(page, browser, testInfo, 'student', publicPage)
	})
	test('public pages and find-student, signed in as a teacher', async ({
		page,
		browser,
	}, testInfo) => {
		await sweep(page, browser, testInfo, 'teacher', publicPage)
	})
	// Each page is read twice (desktop and phone): three parts keep each test well inside its time.
	for (const part of [1, 2, 3]) {
		test(`student dashboard, part ${part} of 3`, async ({ page, browser }, testInfo) => {
			await sweep(
				page,
				browser,
				testInfo,
				'student',
				(pattern) => area('/studentdashboard')(pattern) || area('/conference')(pattern),
				[part, 3],
			)
		})
		test(`teacher dashboard, part ${part} of 3`, async ({ page, browser }, testInfo) => {
			await sweep(
				page,
				browser,
				testInfo,
				'teacher',
				(pattern) => area('/teachersdashboard')(pattern) || area('/conference')(pattern),
				[part, 3],
			)
		})
	}
	for (const part of [1, 2]) {
		test(`organization dashboard, and public pages signed in, part ${part} of 2`, async ({
			page,
			browser,
		}, testInfo) => {
			await sweep(
				page,
				browser,
				testInfo,
				'organization',
				(pattern) => area('/organization')(pattern) || publicPage(pattern),
				[part, 2],
			)
		})
	}

	test('forms after a failed submit, and the error toast', async ({
		page: testPage,
		browser,
	}, testInfo) => {
		const page = await scanPage(testPage, testInfo, browser)
		const problems: string[] = []
		const check = async (label: string) => {
			const found = await axeViolations(page, label)
			if (found) problems.push(found)
			const dark = await inDarkMode(page, () =>
				axeViolations(page, `${label} in dark mode`, COLOUR_RULES),
			)
			if (dark) problems.push(dark)
		}
		// Field errors from the server (or the browser's script) next to each field.
		await page.goto('/signup/student')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
		await check('/signup/student after an empty submit')

		// Wrong password: the spec's error toast.
		await page.goto('/login')
		await page.getByLabel('Email').fill('student@example.com')
		await page.getByLabel('Password').fill('not-the-password')
		await page.getByRole('button', { name: 'Log in' }).click()
		await expect(page.getByText('Invalid email or password').first()).toBeVisible()
		// With JavaScript the toast fades in: check it once it is fully shown, not half transparent.
		if (testInfo.project.name === 'js')
			await expect(page.locator('[data-sonner-toast]').first()).toHaveCSS('opacity', '1')
		await check('/login after a wrong password (error toast)')

		// A teacher's search that finds nobody: the upstream's message next to the form.
		await logIn(page, 'teacher@example.com')
		await expect(page).toHaveURL(/\/teachersdashboard$/)
		await page.goto('/courses/find-student')
		await page.getByLabel('Student email').fill('nobody-here@example.com')
		await page.getByRole('button', { name: 'Find student' }).click()
		await expect(page.locator('form [role="alert"]').getByText('Student not found')).toBeVisible()
		await check('/courses/find-student with no match')
		await page.getByLabel('Student email').fill('student@example.com')
		await page.getByRole('button', { name: 'Find student' }).click()
		await expect(page.getByRole('heading', { name: 'Sam Rivera' })).toBeVisible()
		await check('/courses/find-student with a match')
		expect(problems.join('\n\n'), 'axe violations').toBe('')
	})
})
