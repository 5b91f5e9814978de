import { expect, test } from './fixtures'
import { enrolledCourse, registerAccount, uniqueWord } from './library-fixtures'

// Issue 19: the catalogue's search box looks in titles, descriptions and teachers' names, keeps the
// words in the URL beside the category and level filters and the page, and works without JavaScript.

test('a visitor searches the catalogue by title and by teacher name, with the filters kept', async ({
	page,
}) => {
	const word = uniqueWord('Quasar')
	const surname = uniqueWord('Vantongeren')
	const teacher = await registerAccount('tutor', 'Ilse', surname)
	await enrolledCourse(teacher, [], `${word} astronomy`)
	await enrolledCourse(teacher, [], `${word} telescopes`)

	await page.goto('/courses')
	const search = page.getByRole('search')
	await search.getByLabel('Search').fill(word.toLowerCase())
	await search.getByRole('button', { name: 'Show courses' }).click()
	await expect(page).toHaveURL(new RegExp(`search=${word.toLowerCase()}`))
	await expect(page.getByText('2 courses found')).toBeVisible()
	await expect(page.getByRole('heading', { name: `${word} astronomy` })).toBeVisible()
	await expect(search.getByLabel('Search')).toHaveValue(word.toLowerCase())

	// The teacher's name finds the same courses; a level that none of them has finds nothing.
	await search.getByLabel('Search').fill(`Ilse ${surname}`)
	await search.getByLabel('Level').selectOption('Advanced')
	await search.getByRole('button', { name: 'Show courses' }).click()
	await expect(page).toHaveURL(/level=Advanced/)
	await expect(page.getByText('0 courses found')).toBeVisible()
	await expect(
		page.getByText(`No courses match “Ilse ${surname}” with these filters.`),
	).toBeVisible()
	await expect(search.getByLabel('Level')).toHaveValue('Advanced')

	await search.getByLabel('Level').selectOption('')
	await search.getByRole('button', { name: 'Show courses' }).click()
	await expect(page.getByText('2 courses found')).toBeVisible()

	// A wildcard is a plain character, not "everything".
	await search.getByLabel('Search').fill('%_%')
	await search.getByRole('button', { name: 'Show courses' }).click()
	await expect(page.getByText('0 courses found')).toBeVisible()

	await page.getByRole('link', { name: 'Clear filters' }).click()
	await expect(page).toHaveURL(/\/courses$/)
	await expect(search.getByLabel('Search')).toHaveValue('')
})

test('paging through search results keeps the search in the URL', async ({ page }) => {
	const word = uniqueWord('Paged')
	const teacher = await registerAccount('tutor', 'Omar', 'Haddad')
	for (let index = 1; index <= 11; index++)
		await enrolledCourse(teacher, [], `${word} lesson ${index}`)

	await page.goto(`/courses?search=${word}`)
	await expect(page.getByText('11 courses found')).toBeVisible()
	await expect(page.getByRole('main').getByRole('article')).toHaveCount(10)
	await page.getByRole('link', { name: 'Next page' }).click()
	await expect(page).toHaveURL(new RegExp(`search=${word}.*page=2|page=2.*search=${word}`))
	await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
	await expect(page.getByRole('search').getByLabel('Search')).toHaveValue(word)
})
