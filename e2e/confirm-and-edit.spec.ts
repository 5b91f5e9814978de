import { expect, logOut, test } from './fixtures'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Destructive buttons ask first (a disclosure opens on the question and the real button), with
// and without JavaScript; announcements can be edited.

test('deleting a library resource asks first, then deletes', async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Ines', 'Costa')
	const title = `Star chart ${uniqueWord('r')}`
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/library')
	await page.getByLabel('Title').fill(title)
	await page.getByRole('textbox', { name: 'Subject' }).fill('Astronomy')
	await page.getByLabel('Resource type').selectOption('link')
	await page.getByLabel('Link (instead of a file)').fill('https://example.com/stars')
	await page.getByRole('button', { name: 'Upload resource' }).click()
	await expect(page.getByText('Resource uploaded successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()

	// The first click only asks.
	await page
		.getByRole('listitem')
		.filter({ hasText: title })
		.getByText('Delete', { exact: true })
		.click()
	await expect(
		page.getByText(`Delete “${title}”? Students will no longer find it in the library.`),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await page.getByRole('button', { name: `Yes, delete ${title}` }).click()
	await expect(page.getByText('Resource deleted successfully')).toBeVisible()
	// Back on the library page itself, not its data address (a reload must show the page).
	await expect(page).toHaveURL(/\/teachersdashboard\/library$/)
	await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
})

test('a teacher edits an announcement (bad input refused, nothing changed), and deleting it asks first', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Rosa', 'Vidal')
	const student = await registerAccount('student', 'Finn', 'Hale')
	const course = `Botany ${uniqueWord('c')}`
	await enrolledCourse(teacher, [student], course)
	const title = `Field trip ${uniqueWord('a')}`

	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/announcement/list')
	await page.getByLabel('Audience').selectOption({ label: course })
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Message').fill('Meet at the gate on Tuesdya.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()

	await page.getByRole('link', { name: `Edit ${title}` }).click()
	await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
	await expect(page.getByLabel('Title')).toHaveValue(title)
	await expect(page.getByLabel('Message')).toHaveValue('Meet at the gate on Tuesdya.')
	// The browser's own check is switched off, so the server's answer is what shows.
	await page.getByLabel('Title').evaluate((input) => input.removeAttribute('required'))
	await page.getByLabel('Title').fill('')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Enter a title')).toBeVisible()
	await page.goto('/teachersdashboard/announcement/list')
	await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()

	await page.getByRole('link', { name: `Edit ${title}` }).click()
	// The list has its own Title and Message fields (the post form): wait for the edit page, or
	// a fast hand types into the list's form while the edit page is still loading.
	await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
	await page.getByLabel('Title').fill(`${title} (moved)`)
	await page.getByLabel('Message').fill('Meet at the gate on Tuesday.')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Announcement updated successfully')).toBeVisible()
	await expect(page).toHaveURL(/\/teachersdashboard\/announcement\/list$/)
	await expect(page.getByRole('heading', { name: `${title} (moved)` })).toBeVisible()
	await expect(page.getByText('Meet at the gate on Tuesday.')).toBeVisible()
	await logOut(page)

	await signIn(page, student.email)
	await page.goto('/studentdashboard/announcements')
	await page.getByRole('link', { name: `${title} (moved)` }).click()
	await expect(page.getByText('Meet at the gate on Tuesday.')).toBeVisible()
	await logOut(page)

	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/announcement/list')
	const item = page.getByRole('listitem').filter({ hasText: `${title} (moved)` })
	await item.getByText('Delete', { exact: true }).click()
	await expect(
		item.getByText(`Delete “${title} (moved)”? Its students will no longer see it.`),
	).toBeVisible()
	await expect(page.getByRole('heading', { name: `${title} (moved)` })).toBeVisible()
	await item.getByRole('button', { name: `Yes, delete ${title} (moved)` }).click()
	await expect(page.getByText('Announcement deleted successfully')).toBeVisible()
	await expect(page.getByText('No announcements posted yet.')).toBeVisible()
})
