import type { Page } from '@playwright/test'
import { dropConnection, expect, logIn, test } from './fixtures'
import { registerAccount, signIn } from './library-fixtures'

// Issue 16: going offline in a dashboard never brings up the crash screen. A page that cannot be
// fetched says 'You are offline' (spec section 8) inside the area, with its navigation; a form
// that cannot be sent shows the Network Error toast and keeps what was typed.

test.skip(
	({ javaScriptEnabled }) => !javaScriptEnabled,
	'without JavaScript the browser itself says it is offline',
)

async function expectOfflinePage(page: Page, nav: ReturnType<Page['getByRole']>) {
	await expect(page.getByRole('alert').getByText('You are offline', { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
	await expect(nav).toBeVisible()
}

test('offline, every teacher page the navigation opens says You are offline and keeps the navigation', async ({
	page,
	context,
}) => {
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Teacher navigation' })
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Your tasks' })).toBeVisible()
	// The pages the navigation leads to have their code here (fetched while the page was idle).
	await expect(nav).toHaveAttribute('data-offline-ready', 'true')

	await context.setOffline(true)
	for (const name of [
		'Courses',
		'Schedule',
		'QA templates',
		'Library',
		'Announcements',
		'Profile',
	]) {
		await nav.getByRole('link', { name, exact: true }).click()
		await expectOfflinePage(page, nav)
	}

	// Back online, the same link opens its page. The browser says it is online a moment before its
	// network emulation lets requests through: wait until one does.
	await context.setOffline(false)
	await expect
		.poll(() =>
			page.evaluate(() =>
				fetch('/healthz').then(
					(answer) => answer.ok,
					() => false,
				),
			),
		)
		.toBe(true)
	await nav.getByRole('link', { name: 'Courses', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible()
	await expect(page.getByRole('alert').getByText('You are offline', { exact: true })).toHaveCount(0)
})

test('offline, a student page says You are offline, and Save keeps the typed profile with a Network Error toast', async ({
	page,
	context,
}) => {
	const student = await registerAccount('student', 'Grace', 'Hopper')
	await signIn(page, student.email)
	const nav = page.getByRole('navigation', { name: 'Student navigation' })
	await nav.getByRole('link', { name: 'Profile' }).click()
	await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible()
	// The pages the navigation leads to have their code here (fetched while the page was idle).
	await expect(nav).toHaveAttribute('data-offline-ready', 'true')

	await context.setOffline(true)
	await page.getByLabel('First name').fill('Amazing')
	await page.getByLabel('Grade level (optional)').fill('Grade 11')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Network Error')).toBeVisible()
	await expect(page.getByText('Please check your internet connection and try again.')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
	await expect(page.getByLabel('First name')).toHaveValue('Amazing')
	await expect(page.getByLabel('Grade level (optional)')).toHaveValue('Grade 11')

	// Online again, Retry sends the same form.
	await context.setOffline(false)
	await page.getByRole('button', { name: 'Retry' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Amazing Hopper' })).toBeVisible()

	await context.setOffline(true)
	for (const name of ['Library', 'Announcements', 'My courses', 'Sessions', 'Certificates']) {
		await nav.getByRole('link', { name, exact: true }).click()
		await expectOfflinePage(page, nav)
	}
	await context.setOffline(false)
})

test('offline, the library filters keep their words and say Network Error', async ({
	page,
	context,
}) => {
	const student = await registerAccount('student', 'Alan', 'Kay')
	await signIn(page, student.email)
	const nav = page.getByRole('navigation', { name: 'Student navigation' })
	await nav.getByRole('link', { name: 'Library' }).click()
	await expect(page.getByLabel('Search resources')).toBeVisible()
	// The pages the navigation leads to have their code here (fetched while the page was idle).
	await expect(nav).toHaveAttribute('data-offline-ready', 'true')

	await context.setOffline(true)
	await page.getByLabel('Search resources').fill('planets')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByText('Network Error')).toBeVisible()
	await expect(page.getByLabel('Search resources')).toHaveValue('planets')
	await expect(page).toHaveURL(/\/studentdashboard\/library$/)
	await context.setOffline(false)
})

test('a connection that drops during a navigation keeps the teacher navigation and says Network Error inside it', async ({
	page,
}) => {
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Teacher navigation' })
	await nav.getByRole('link', { name: 'Courses', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible()

	// The browser still says it is online, so every loader is asked again, the root's too: the one
	// data request fails for all of them.
	await dropConnection(page, '**/*.data*')
	for (const name of ['Schedule', 'Tasks']) {
		await nav.getByRole('link', { name, exact: true }).click()
		await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
		await expect(
			page
				.getByRole('main')
				.getByRole('alert')
				.getByText('Please check your internet connection and try again.'),
		).toBeVisible()
		await expect(nav).toBeVisible()
		await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
			'aria-current',
			'page',
		)
		await expect(page.getByText('Signed in as')).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
	}

	// The connection is back: the same navigation opens its page.
	await page.unroute('**/*.data*')
	await nav.getByRole('link', { name: 'Courses', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0)
})
