import type { Browser, Cookie, Page, TestInfo } from '@playwright/test'
import { registerAccount, password } from './course-helpers'
import { demoPassword, expect, logIn, test } from './fixtures'
import { registerOrganization } from './http/security-world'

// Issue 38 (decision 056), JavaScript on and off: a sign-in ended from another device (one device,
// all others, a new password) is sent to /login from its next page, the pages it had opened before
// included: the app's cache keeps its user's answers, and never serves them to a sign-in the API
// has not said is open. The same for a teacher their organization holds for two-factor set-up.
//
// The journeys' access tokens live 12 s (scripts/e2e-servers.mjs), and a token about to expire is
// refreshed, which an ended sign-in fails: so each ended device signs in just before it is ended,
// and its first page after the end comes while its token is still good. The multi-process suite
// shows the same with tokens of the default life.

const STUDENT_PAGES = ['My courses', 'Tasks', 'Announcements'] as const
const TEACHER_PAGES = ['Courses', 'Tasks', 'Announcements'] as const

type Area = 'Student' | 'Teacher'

const dashboard: Record<Area, string> = {
	Student: '/studentdashboard',
	Teacher: '/teachersdashboard',
}

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

function link(tab: Page, area: Area, name: string) {
	return tab
		.getByRole('navigation', { name: `${area} navigation` })
		.getByRole('link', { name, exact: true })
}

/**
 * Another browser of the same person (its own cookies, the same JavaScript setting), signed in,
 * that opens each of the pages through the area's menu, so the app caches their answers.
 */
async function deviceWithPages(
	browser: Browser,
	testInfo: TestInfo,
	sign: { email: string; password: string; userAgent?: string },
	area: Area,
	names: readonly string[],
) {
	const context = await browser.newContext({
		baseURL: testInfo.project.use.baseURL,
		javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
		...(sign.userAgent && { userAgent: sign.userAgent }),
	})
	const page = await context.newPage()
	await logIn(page, sign.email, sign.password)
	await expect(page).toHaveURL(new RegExp(`${dashboard[area]}$`))
	const addresses: string[] = []
	for (const name of names) {
		const address = (await link(page, area, name).getAttribute('href')) ?? ''
		await link(page, area, name).click()
		await expect(page).toHaveURL(new RegExp(`${address}$`))
		addresses.push(address)
	}
	return { context, page, addresses, cookies: await context.cookies() }
}

type Device = Awaited<ReturnType<typeof deviceWithPages>>

/**
 * The ended browser opens every page it had opened: first from the menu of the page it is on (with
 * JavaScript a data request, without it a document), then each by its address, and each one's data
 * as a client-side navigation asks for it; its cookie as it was put back each time, since the first
 * refusal clears it.
 */
async function expectEveryPageRefused(
	device: Device,
	area: Area,
	names: readonly string[],
	to: '/login' | '/teachersdashboard/two-factor',
	shows: (tab: Page) => Promise<void>,
) {
	const where = new RegExp(`${to}(\\?|$)`)
	const restore = () => device.context.addCookies(device.cookies as Cookie[])
	await link(device.page, area, names[0] as string).click()
	await expect(device.page).toHaveURL(where)
	await shows(device.page)
	for (const address of device.addresses) {
		await restore()
		await device.page.goto(address)
		await expect(device.page).toHaveURL(where)
		await shows(device.page)
		await restore()
		const data = await device.page.request.get(`${address}.data`, { maxRedirects: 0 })
		expect(data.status(), `${address}.data`).toBe(202)
		expect(await data.text()).toContain(to)
	}
}

const sessionExpired = async (tab: Page) => {
	await expect(tab.getByText('Session expired. Please login again.')).toBeVisible()
}

test('a device ended from the profile opens none of the pages it had opened, at once', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { email } = await registerAccount(request, 'student', 'Enid')
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	const student = { email, password }

	const laptop = await deviceWithPages(
		browser,
		testInfo,
		{ ...student, userAgent: FIREFOX_LINUX },
		'Student',
		STUDENT_PAGES,
	)
	await page.goto('/studentdashboard/profile')
	const devices = page.getByRole('region', { name: 'Where you are signed in' })
	await devices.getByRole('button', { name: /^End session: Firefox on Linux/ }).click()
	await expect(page.getByText('That device was logged out.')).toBeVisible()
	await expectEveryPageRefused(laptop, 'Student', STUDENT_PAGES, '/login', sessionExpired)

	// "End all other sessions" ends the phone the same way.
	const phone = await deviceWithPages(
		browser,
		testInfo,
		{ ...student, userAgent: SAFARI_IPHONE },
		'Student',
		STUDENT_PAGES,
	)
	await page.goto('/studentdashboard/profile')
	await devices.getByRole('button', { name: 'End all other sessions' }).click()
	await expect(page.getByText('One other device was logged out.')).toBeVisible()
	await expectEveryPageRefused(phone, 'Student', STUDENT_PAGES, '/login', sessionExpired)

	// This device stays signed in and keeps its pages.
	for (const [index, name] of STUDENT_PAGES.entries()) {
		await link(page, 'Student', name).click()
		await expect(page).toHaveURL(new RegExp(`${phone.addresses[index]}$`))
	}
	await laptop.context.close()
	await phone.context.close()
})

test('a new password logs the other devices out of the pages they had open, at once', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { email } = await registerAccount(request, 'student', 'Pax')
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	const section = page.getByRole('region', { name: 'Change password' })
	await section.getByLabel('Current password').fill(password)
	await section.getByLabel('New password', { exact: true }).fill('Quiet-River-Stone-5')
	await section.getByLabel('Confirm new password').fill('Quiet-River-Stone-5')

	const laptop = await deviceWithPages(
		browser,
		testInfo,
		{ email, password },
		'Student',
		STUDENT_PAGES,
	)
	await section.getByRole('button', { name: 'Change password' }).click()
	await expect(
		page.getByText(
			'Password changed. Every other device signed in to your account was logged out.',
		),
	).toBeVisible()
	await expectEveryPageRefused(laptop, 'Student', STUDENT_PAGES, '/login', sessionExpired)
	await laptop.context.close()
})

test('a teacher held for two-factor set-up opens none of the pages they had open', async ({
	page,
	browser,
}, testInfo) => {
	const organization = await registerOrganization('held-school')
	const email = `held-teacher-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
	await organization.api.ok('POST', '/auth/register-tutor/organization', {
		firstName: 'Hedda',
		lastName: 'Held',
		email,
		password: demoPassword,
	})
	// The organization is about to require two-factor in its settings, in the app.
	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto('/organization/settings')
	const setting = page.getByRole('region', { name: 'Two-factor sign-in for teachers' })
	await setting
		.getByRole('checkbox', { name: /Require two-factor sign-in of our teachers/ })
		.check()

	const teacher = await deviceWithPages(
		browser,
		testInfo,
		{ email, password: demoPassword },
		'Teacher',
		TEACHER_PAGES,
	)
	await setting.getByRole('button', { name: 'Save two-factor setting' }).click()
	await expect(page.getByText(/Your teachers now need two-factor sign-in/)).toBeVisible()

	// Held, not signed out: every page, opened before or not, is the set-up.
	await expectEveryPageRefused(
		teacher,
		'Teacher',
		TEACHER_PAGES,
		'/teachersdashboard/two-factor',
		async (tab) => {
			await expect(tab.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
		},
	)
	await teacher.context.close()
})
