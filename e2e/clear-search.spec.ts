import { expect, logIn, test } from './fixtures'

// Issue 16 (as the library's Clear filters): Clear search empties the box as well as the list,
// so the next Search does not silently look for the old words again.

test.beforeEach(async ({ page }) => {
	await logIn(page, 'organization@example.com', 'DemoPass123!', 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
})

for (const [path, label] of [
	['/organization/students', 'Search by name or email'],
	['/organization/teachers', 'Search by name or email'],
	['/organization/departments', /^Search/],
] as const) {
	test(`Clear search on ${path} empties the search box`, async ({ page }) => {
		await page.goto(path)
		const box = page.getByRole('search').getByLabel(label)
		await box.fill('zzz-nobody')
		await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
		await expect(page).toHaveURL(/search|departmentName/)
		await page.getByRole('link', { name: 'Clear search' }).click()
		await expect(page).toHaveURL(new RegExp(`${path}$`))
		await expect(box).toHaveValue('')
	})
}
