import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page, TestInfo } from '@playwright/test'
import config from '../playwright.config'
import {
	type A11yData,
	flattenRoutes,
	makeData,
	type Role,
	signIn,
	type Visit,
	visits,
} from './a11y-data'
import { expect, logIn, test } from './fixtures'
import { htmlErrors } from './html-checker'

// axe-core on every page of the route table, as the role that owns it, with JavaScript on and
// off (the two projects), on a desktop screen and on a 360 px phone, where no page may scroll
// sideways, and in dark mode; without JavaScript, the W3C HTML checker over each page as served. Then
// again in Spanish, French and Arabic, at the least cost that reads every page in each (see
// sweepIn: axe at 360 px light and dark with JavaScript, the checker without). Pages come from app/routes.ts itself: a route with no page here fails
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

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

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
		'/conference/rooms/:roomId/ticket',
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

type Group = { name: string; role: Role; patterns: (pattern: string) => boolean; parts: number }

const publicPage = (pattern: string) =>
	!/^\/(studentdashboard|teachersdashboard|organization|conference)(\/|$)/.test(pattern)
const area = (prefix: string) => (pattern: string) =>
	pattern === prefix || pattern.startsWith(`${prefix}/`)

/**
 * The route table's pages by the role that sees them, each group a test (a big one in parts, so
 * each stays well inside its timeout).
 */
const groups: Group[] = [
	{ name: 'public pages, anonymous', role: 'anonymous', patterns: publicPage, parts: 2 },
	{
		name: 'public pages and checkout, signed in as a student',
		role: 'student',
		patterns: publicPage,
		parts: 1,
	},
	{
		name: 'public pages and find-student, signed in as a teacher',
		role: 'teacher',
		patterns: publicPage,
		parts: 1,
	},
	{
		name: 'student dashboard',
		role: 'student',
		patterns: (pattern) => area('/studentdashboard')(pattern) || area('/conference')(pattern),
		parts: 3,
	},
	{
		name: 'teacher dashboard',
		role: 'teacher',
		patterns: (pattern) => area('/teachersdashboard')(pattern) || area('/conference')(pattern),
		parts: 3,
	},
	{
		name: 'organization dashboard, and public pages signed in',
		role: 'organization',
		patterns: (pattern) => area('/organization')(pattern) || publicPage(pattern),
		parts: 2,
	},
]

/** The shipped languages besides English, and the direction each page must declare. */
const LANGUAGES = [
	{ lang: 'es', dir: 'ltr' },
	{ lang: 'fr', dir: 'ltr' },
	{ lang: 'ar', dir: 'rtl' },
] as const

function groupVisits(d: A11yData, group: Group, [part, parts]: [number, number]) {
	const everyVisit = Object.entries(visits(d))
		.filter(([pattern]) => group.patterns(pattern))
		.flatMap(([pattern, list]) =>
			list.filter((visit) => visit.as === group.role).map((visit) => ({ pattern, ...visit })),
		)
	const size = Math.ceil(everyVisit.length / parts)
	const mine = everyVisit.slice((part - 1) * size, part * size)
	expect(mine.length).toBeGreaterThan(0)
	return mine
}

const visitLabel = (visit: Visit, role: Role) =>
	`${visit.url} as ${role}${visit.note ? ` (${visit.note})` : ''}`

async function sweep(
	testPage: Page,
	browser: Browser,
	testInfo: TestInfo,
	group: Group,
	part: [number, number],
) {
	const d = await sharedData()
	const page = await scanPage(testPage, testInfo, browser)
	const mine = groupVisits(d, group, part)
	const role = group.role
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
		const label = visitLabel(visit, role)
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

/**
 * The same pages in Spanish, French and Arabic, at the least cost that still reads every page in
 * every language, light and dark. English (above) reads each page in both projects, on a desktop
 * and a phone; a language changes only the words and the direction, not which elements a page
 * has, so here:
 * - with JavaScript (the `js` project), axe reads each page once, at 360 px, where longer words
 *   and right to left break a layout first, in light (every rule) and in dark (the colour rules),
 *   and the page must not scroll sideways there; the desktop reading would repeat the same markup;
 * - without it (`no-js`), the pages are only fetched as served, with the signed-in context's
 *   cookies, for the W3C checker: no browser renders them, and a language's markup is the same
 *   whichever project reads it, so axe without scripts would repeat the `js` reading.
 * Both check `<html lang dir>`. The sign-in is English (the form's own words); the `lang` cookie
 * the footer's switcher sets then chooses the language of every page after.
 * Measured on one group (seven pages, 2 shared cores): a language costs about 0.7 of the English
 * reading with JavaScript (the load and hydration dominate, not axe) and 0.2 without (mostly the
 * checker's Java start), so the three languages add about 1.3 times the English sweep.
 */
async function sweepIn(
	testPage: Page,
	testInfo: TestInfo,
	group: Group,
	part: [number, number],
	{ lang, dir }: (typeof LANGUAGES)[number],
) {
	const d = await sharedData()
	const page = testPage
	const mine = groupVisits(d, group, part)
	const role = group.role
	await signIn(page, role, d, lang)
	await page.emulateMedia({ reducedMotion: 'reduce' })
	const problems: string[] = []
	const served: { label: string; html: string }[] = []
	const html = `<html lang="${lang}" dir="${dir}"`
	for (const visit of mine) {
		const label = `${visitLabel(visit, role)} in ${lang}`
		if (testInfo.project.name === 'no-js') {
			const response = await page.context().request.get(visit.url, { maxRedirects: 0 })
			expect(response.status(), `${visit.url} answers`).toBe(visit.status ?? 200)
			const body = await response.text()
			if (!body.includes(html)) problems.push(`${label}: no ${html}>`)
			served.push({ label, html: body })
			continue
		}
		await page.setViewportSize(PHONE)
		const response = await page.goto(visit.url)
		expect(response?.status(), `${visit.url} answers`).toBe(visit.status ?? 200)
		expect(new URL(page.url()).pathname, `${visit.url} stays put`).toBe(
			new URL(visit.url, 'http://x').pathname,
		)
		await settle(page, testInfo)
		const root = page.locator('html')
		if ((await root.getAttribute('lang')) !== lang || (await root.getAttribute('dir')) !== dir)
			problems.push(`${label}: <html> is not lang="${lang}" dir="${dir}"`)
		const spill = await sidewaysScroll(page, label)
		if (spill) problems.push(spill)
		const found = await axeViolations(page, `${label} at ${PHONE.width} px`)
		if (found) problems.push(found)
		const dark = await inDarkMode(page, () =>
			axeViolations(page, `${label} at ${PHONE.width} px in dark mode`, COLOUR_RULES),
		)
		if (dark) problems.push(dark)
	}
	const invalid = await htmlErrors(served)
	if (invalid) problems.push(`The W3C HTML checker's errors:\n${invalid}`)
	expect(problems.join('\n\n'), 'axe violations and HTML errors').toBe('')
}

const partsOf = (group: Group) =>
	Array.from({ length: group.parts }, (_, index) => [index + 1, group.parts] as [number, number])
const partName = (group: Group, [part, parts]: [number, number]) =>
	parts > 1 ? `${group.name}, part ${part} of ${parts}` : group.name

test.describe('axe finds no violations', () => {
	test.describe.configure({ timeout: 180_000 })

	for (const group of groups)
		for (const part of partsOf(group))
			test(partName(group, part), async ({ page, browser }, testInfo) => {
				await sweep(page, browser, testInfo, group, part)
			})

	for (const language of LANGUAGES)
		test.describe(`in ${language.lang}`, () => {
			for (const group of groups)
				for (const part of partsOf(group))
					test(partName(group, part), async ({ page }, testInfo) => {
						await sweepIn(page, testInfo, group, part, language)
					})
		})

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
