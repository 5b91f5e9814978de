import { expect, logIn, test } from './fixtures'

// Issue 16: on a phone the area navigation folds behind a Menu button (a <details>, so it works
// without JavaScript) instead of taking four rows before any content.

test.use({ viewport: { width: 360, height: 740 } })

test('on a phone the dashboard navigation folds behind Menu, opens, and leads to the page', async ({
	page,
}) => {
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Teacher navigation' })
	const menu = nav.getByText('Menu', { exact: true })
	await expect(menu).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden()
	// The page's own heading is on the first screen, not pushed below the links.
	const heading = page.getByRole('heading', { name: /^Welcome/ })
	expect((await heading.boundingBox())?.y ?? Infinity).toBeLessThan(260)

	await menu.click()
	await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible()
	await nav.getByRole('link', { name: 'Profile' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/profile$/)
	await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible()
	// A new page starts with the menu folded again.
	await expect(nav.getByRole('link', { name: 'Courses' })).toBeHidden()
	const width = await page.evaluate(() => document.documentElement.scrollWidth)
	expect(width).toBeLessThanOrEqual(360)
})

test('on a phone the menu opens from the keyboard', async ({ page }) => {
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Student navigation' })
	await nav.locator('summary').focus()
	await page.keyboard.press('Enter')
	await expect(nav.getByRole('link', { name: 'Library' })).toBeVisible()
	await nav.getByRole('link', { name: 'Library' }).focus()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/studentdashboard\/library$/)
})

test('on a desktop the navigation shows every link and no Menu button', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 720 })
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Teacher navigation' })
	await expect(nav.getByText('Menu', { exact: true })).toBeHidden()
	await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Courses' })).toBeVisible()
})
