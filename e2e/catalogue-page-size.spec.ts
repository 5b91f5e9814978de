import { expect, test } from './fixtures'
import { enrolledCourse, registerAccount } from './library-fixtures'

test('the catalogue shows 10 courses a page, the spec’s default page size', async ({ page }) => {
	// Eleven published courses of this test's own, found by a word only they hold: the list a
	// visitor saw before they existed may still be kept (the app's caches), another address is not.
	const teacher = await registerAccount('tutor', 'Pia', 'Lind')
	const word = `pagesize${Date.now().toString(36)}`
	for (let index = 1; index <= 11; index++)
		await enrolledCourse(teacher, [], `Catalogue course ${index} ${word}`)

	await page.goto(`/courses?search=${word}`)
	await expect(page.getByText(/^\d+ courses found$/)).toHaveText('11 courses found')
	await expect(page.getByRole('main').getByRole('article')).toHaveCount(10)

	await page.getByRole('link', { name: 'Next page' }).click()
	await expect(page).toHaveURL(new RegExp(`search=${word}.*page=2|page=2.*search=${word}`))
	await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
})
