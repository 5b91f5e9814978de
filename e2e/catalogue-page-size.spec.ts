import { expect, test } from './fixtures'
import { enrolledCourse, registerAccount } from './library-fixtures'

test('the catalogue shows 10 courses a page, the spec’s default page size', async ({ page }) => {
	// Enough published courses for a second page, whatever else the database holds.
	const teacher = await registerAccount('tutor', 'Pia', 'Lind')
	for (let index = 1; index <= 11; index++)
		await enrolledCourse(teacher, [], `Catalogue course ${index} ${Date.now().toString(36)}`)

	await page.goto('/courses')
	const total = Number((await page.getByText(/^\d+ courses found$/).textContent())?.split(' ')[0])
	expect(total).toBeGreaterThanOrEqual(11)
	await expect(page.getByRole('main').getByRole('article')).toHaveCount(10)

	await page.getByRole('link', { name: 'Next page' }).click()
	await expect(page).toHaveURL(/page=2/)
	await expect(page.getByRole('main').getByRole('article')).not.toHaveCount(0)
})
