import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { registerAccount, signIn } from './library-fixtures'

// Clear filters empties every filter, the search box included, so the next Apply does not search
// the old text again. The demo library (seeded on the first start) has Mathematics resources.

async function clearThenApply(page: Page, path: string) {
	await page.goto(path)
	const filters = page.getByRole('search', { name: 'Filter resources' })
	await filters.getByLabel('Search resources').fill('Factorising')
	await filters.getByLabel('Type', { exact: true }).selectOption('worksheet')
	await filters.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/search=Factorising/)
	await expect(
		page.getByRole('heading', { name: 'Factorising quadratics worksheet' }),
	).toBeVisible()

	await filters.getByRole('link', { name: 'Clear filters' }).click()
	await expect(page).not.toHaveURL(/search=/)
	await expect(filters.getByLabel('Search resources')).toHaveValue('')
	await expect(filters.getByLabel('Type', { exact: true })).toHaveValue('all')
	await expect(filters.getByLabel('Subject', { exact: true })).toHaveValue('All')

	// The next Apply searches nothing old: the guide, which the old search would have hidden, is listed.
	await filters.getByLabel('Subject', { exact: true }).selectOption('Mathematics')
	await filters.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/subject=Mathematics/)
	expect(new URL(page.url()).searchParams.get('search') ?? '').toBe('')
	await expect(
		page.getByRole('heading', { name: 'Factorising quadratics worksheet' }),
	).toBeVisible()
	await expect(page.getByText(/^\d+ resources?$/)).not.toHaveText('1 resource')
}

test('a student clears the library filters and the next search starts empty', async ({ page }) => {
	const student = await registerAccount('student', 'Lea', 'Moreau')
	await signIn(page, student.email)
	await clearThenApply(page, '/studentdashboard/library')
})

test('a teacher clears the library filters and the next search starts empty', async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Ken', 'Ito')
	await signIn(page, teacher.email)
	await clearThenApply(page, '/teachersdashboard/library')
})
