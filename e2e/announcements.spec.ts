import { demoPassword, expect, logIn, logOut, test } from './fixtures'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

test('a teacher posts an announcement and the student reads it, unread until opened', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Nora', 'Quinn')
	const student = await registerAccount('student', 'Eli', 'Stone')
	const course = `Chemistry ${uniqueWord('c')}`
	await enrolledCourse(teacher, [student], course)
	const title = `Lab safety ${uniqueWord('a')}`

	await signIn(page, teacher.email)
	await page.getByRole('link', { name: 'Announcements', exact: true }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/announcement\/list$/)
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Choose the course to announce to')).toBeVisible()
	await page.getByLabel('Audience').selectOption({ label: course })
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Message').fill('Bring goggles on Monday.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByText(`Students of ${course}`)).toBeVisible()
	await logOut(page)

	await signIn(page, student.email)
	await page.getByRole('link', { name: 'Announcements', exact: true }).click()
	await expect(page.getByText('1 unread announcement')).toBeVisible()
	const item = page.getByRole('listitem').filter({ hasText: title })
	await expect(item.getByText('Unread')).toBeVisible()
	await item.getByRole('link', { name: title }).click()
	await expect(page).toHaveURL(/\/studentdashboard\/announcements\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByText('Bring goggles on Monday.')).toBeVisible()
	await expect(page.getByText('From Nora Quinn')).toBeVisible()

	await page.getByRole('link', { name: 'All announcements' }).click()
	await expect(page.getByText('0 unread announcements')).toBeVisible()
	await expect(
		page.getByRole('listitem').filter({ hasText: title }).getByText('Unread'),
	).toHaveCount(0)
	await logOut(page)

	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/announcement/list')
	await expect(page.getByText('Read by 1 student')).toBeVisible()
})

test('a student cannot open an announcement of a course they are not in', async ({ page }) => {
	const student = await registerAccount('student', 'Ivy', 'Moss')
	await signIn(page, student.email)
	await page.goto('/studentdashboard/announcements/00000000-0000-4000-8000-000000000000')
	await expect(page.getByRole('heading', { name: 'Announcement not found' })).toBeVisible()
})

test('an organization announces to all its students, and one of them reads it', async ({
	page,
}) => {
	const title = `Open day ${uniqueWord('o')}`
	await logIn(page, 'organization@example.com', demoPassword, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)
	await page.getByRole('link', { name: 'Announcements', exact: true }).click()
	await expect(page).toHaveURL(/\/organization\/org\/announcement\/list$/)
	await expect(page.getByLabel('Audience')).toHaveValue('')
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Message').fill('Families are welcome on Saturday.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()
	const posted = page.getByRole('listitem').filter({ hasText: title })
	await expect(posted.getByText('Everyone in the organization')).toBeVisible()
	await logOut(page)

	await logIn(page, 'orgstudent@example.com', demoPassword)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.getByRole('link', { name: 'Announcements', exact: true }).click()
	const item = page.getByRole('listitem').filter({ hasText: title })
	await expect(item.getByText('Unread')).toBeVisible()
	await item.getByRole('link', { name: title }).click()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByText('Your organization')).toBeVisible()
})
