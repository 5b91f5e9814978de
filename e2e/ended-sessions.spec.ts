import type { Browser, BrowserContext, Cookie, Page, TestInfo } from '@playwright/test'
import { registerAccount, password } from './course-helpers'
import { demoPassword, expect, logIn, test } from './fixtures'
import { registerOrganization } from './http/security-world'

// Issue 38 (decision 056), JavaScript on and off: a sign-in ended from another device (one device,
// all others, a new password) is sent to /login from its next page, the pages it had opened before
// included: the app's cache keeps its user's answers, and never serves them to a sign-in the API
// has not said is open. The same for a teacher their organization holds for two-factor set-up.

const STUDENT_PAGES = ['My courses', 'Tasks', 'Announcements'] as const
const TEACHER_PAGES = ['Courses', 'Tasks', 'Announcements'] as const

type Area = 'Student' | 'Teacher'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** Another browser of the same person: its own cookies, the same JavaScript setting. */
async function device(
	browser: Browser,
	testInfo: TestInfo,
	email: string,
	secret: string,
	userAgent?: string,
) {
	const context = await browser.newContext({
		baseURL: testInfo.project.use.baseURL,
		javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
		...(userAgent && { userAgent }),
	})
	const page = await context.newPage()
	await logIn(page, email, secret)
	await expect(page).toHaveURL(/dashboard$/)
	return { context, page }
}

function link(tab: Page, area: Area, name: string) {
	return tab
		.getByRole('navigation', { name: `${area} navigation` })
		.getByRole('link', { name, exact: true })
}

const dashboard: Record<Area, string> = {
	Student: '/studentdashboard',
	Teacher: '/teachersdashboard',
}

/**
 * Opens each page through the area's menu (so the app caches its answers), then leaves one tab on
 * the dashboard for each: a page is later opened from there the way a person would (with JavaScript
 * a data request, without it a document), and once more by its address.
 */
async function openPages(
	context: BrowserContext,
	page: Page,
	area: Area,
	names: readonly string[],
) {
	await page.goto(dashboard[area])
	const addresses: string[] = []
	for (const name of names) {
		const address = (await link(page, area, name).getAttribute('href')) ?? ''
		await link(page, area, name).click()
		await expect(page).toHaveURL(new RegExp(`${address}$`))
		addresses.push(address)
	}
	const tabs: Page[] = []
	for (const _ of names) {
		const tab = await context.newPage()
		await tab.goto(dashboard[area])
		await expect(tab).toHaveURL(new RegExp(`${dashboard[area]}$`))
		tabs.push(tab)
	}
	return { tabs, cookies: await context.cookies(), addresses }
}

/** The ended browser, its cookie put back each time: every page it had opened sends it to /login. */
async function expectEveryPageRefused(
	context: BrowserContext,
	opened: Awaited<ReturnType<typeof openPages>>,
	area: Area,
	names: readonly string[],
	where: RegExp,
	shows: (tab: Page) => Promise<void>,
) {
	for (const [index, name] of names.entries()) {
		const tab = opened.tabs[index] as Page
		await context.addCookies(opened.cookies as Cookie[])
		await link(tab, area, name).click()
		await expect(tab).toHaveURL(where)
		await shows(tab)
		await context.addCookies(opened.cookies as Cookie[])
		await tab.goto(opened.addresses[index] as string)
		await expect(tab).toHaveURL(where)
		await shows(tab)
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
	const laptop = await device(browser, testInfo, email, password, FIREFOX_LINUX)
	const phone = await device(browser, testInfo, email, password, SAFARI_IPHONE)
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	// Every device has the pages open; the later ones' are answered from the same cache.
	const onLaptop = await openPages(laptop.context, laptop.page, 'Student', STUDENT_PAGES)
	const onPhone = await openPages(phone.context, phone.page, 'Student', STUDENT_PAGES)
	await openPages(page.context(), page, 'Student', STUDENT_PAGES)

	await page.goto('/studentdashboard/profile')
	const devices = page.getByRole('region', { name: 'Where you are signed in' })
	await devices.getByRole('button', { name: /^End session: Firefox on Linux/ }).click()
	await expect(page.getByText('That device was logged out.')).toBeVisible()
	await expectEveryPageRefused(
		laptop.context,
		onLaptop,
		'Student',
		STUDENT_PAGES,
		/\/login/,
		sessionExpired,
	)

	// The device kept still opens them all; then "End all other sessions" ends it too.
	for (const [index, name] of STUDENT_PAGES.entries()) {
		const tab = onPhone.tabs[index] as Page
		await link(tab, 'Student', name).click()
		await expect(tab).toHaveURL(new RegExp(`${onPhone.addresses[index]}$`))
		await link(tab, 'Student', 'Dashboard').click()
		await expect(tab).toHaveURL(/\/studentdashboard$/)
	}
	await devices.getByRole('button', { name: 'End all other sessions' }).click()
	await expect(page.getByText('One other device was logged out.')).toBeVisible()
	await expectEveryPageRefused(
		phone.context,
		onPhone,
		'Student',
		STUDENT_PAGES,
		/\/login/,
		sessionExpired,
	)

	// This device stays signed in and keeps its pages.
	for (const name of STUDENT_PAGES) {
		await link(page, 'Student', name).click()
		await expect(page).toHaveURL(new RegExp(`${onPhone.addresses[STUDENT_PAGES.indexOf(name)]}$`))
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
	const laptop = await device(browser, testInfo, email, password)
	const opened = await openPages(laptop.context, laptop.page, 'Student', STUDENT_PAGES)
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await openPages(page.context(), page, 'Student', STUDENT_PAGES)

	await page.goto('/studentdashboard/profile')
	const section = page.getByRole('region', { name: 'Change password' })
	await section.getByLabel('Current password').fill(password)
	await section.getByLabel('New password', { exact: true }).fill('Quiet-River-Stone-5')
	await section.getByLabel('Confirm new password').fill('Quiet-River-Stone-5')
	await section.getByRole('button', { name: 'Change password' }).click()
	await expect(
		page.getByText(
			'Password changed. Every other device signed in to your account was logged out.',
		),
	).toBeVisible()

	await expectEveryPageRefused(
		laptop.context,
		opened,
		'Student',
		STUDENT_PAGES,
		/\/login/,
		sessionExpired,
	)
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
	const teacher = await device(browser, testInfo, email, demoPassword)
	const opened = await openPages(teacher.context, teacher.page, 'Teacher', TEACHER_PAGES)

	// The organization requires two-factor in its settings, in the app.
	await logIn(page, organization.email, demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.goto('/organization/settings')
	const setting = page.getByRole('region', { name: 'Two-factor sign-in for teachers' })
	await setting
		.getByRole('checkbox', { name: /Require two-factor sign-in of our teachers/ })
		.check()
	await setting.getByRole('button', { name: 'Save two-factor setting' }).click()
	await expect(page.getByText(/Your teachers now need two-factor sign-in/)).toBeVisible()

	// Held, not signed out: every page, opened before or not, is the set-up.
	await expectEveryPageRefused(
		teacher.context,
		opened,
		'Teacher',
		TEACHER_PAGES,
		/\/teachersdashboard\/two-factor$/,
		async (tab) => {
			await expect(tab.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
		},
	)
	await teacher.context.close()
})
