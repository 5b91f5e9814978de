import type { Page } from '@playwright/test'
import { expect, logIn, signUpOrganization, test, uniqueEmail } from './fixtures'
import { enrolledCourse, password, registerAccount, signIn, uniqueWord } from './library-fixtures'

// After a successful create the form comes back empty, with JavaScript as without it (where the
// page is loaded afresh). With JavaScript the page stays mounted after the redirect, so a form that
// kept its values (a chosen file above all) sent them again with the next submission.

const PDF = {
	name: 'brief.pdf',
	mimeType: 'application/pdf',
	buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
}
const PNG = {
	name: 'me.png',
	mimeType: 'image/png',
	buffer: Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
		'base64',
	),
}

/** A `datetime-local` value `days` from now. */
function localInput(days: number) {
	const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** With JavaScript the page stays, and so may a toast: wait for it to go before looking for the next. */
async function toastGone(page: Page, text: string) {
	if (!test.info().project.use.javaScriptEnabled) return
	await expect(page.getByText(text)).toHaveCount(0, { timeout: 10_000 })
}

test('a second task gets no file from the first, and a refused task keeps what was typed', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Nia', 'Okafor')
	const course = `Statics ${uniqueWord('c')}`
	await enrolledCourse(teacher, [], course)
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/tasks')
	const form = page.getByRole('region', { name: 'Create a task' })

	// A refused create keeps the title typed (and says what is missing).
	await form.getByLabel('Course').selectOption({ label: course })
	await form.getByLabel('Title').fill('No due date yet')
	await form.getByRole('button', { name: 'Create task' }).click()
	await expect(form.getByText('Choose a due date')).toBeVisible()
	await expect(form.getByLabel('Title')).toHaveValue('No due date yet')

	const first = uniqueWord('With file ')
	await form.getByLabel('Title').fill(first)
	await form.getByLabel('Due date').fill(localInput(3))
	await form.getByLabel('Attachment (optional)').setInputFiles(PDF)
	await form.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('Task created successfully')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText('brief.pdf')

	// The form is empty again: no title, no due date, no file.
	await expect(form.getByLabel('Title')).toHaveValue('')
	await expect(form.getByLabel('Due date')).toHaveValue('')
	await expect(form.getByLabel('Attachment (optional)')).toHaveValue('')
	await expect(form.getByLabel('Task type')).toHaveValue('assignment')

	const second = uniqueWord('Without file ')
	await form.getByLabel('Course').selectOption({ label: course })
	await form.getByLabel('Title').fill(second)
	await form.getByLabel('Due date').fill(localInput(4))
	await form.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByRole('row', { name: new RegExp(second) })).toBeVisible()
	await expect(
		page
			.getByRole('row', { name: new RegExp(second) })
			.getByRole('cell')
			.nth(4),
	).toHaveText('None')
})

test('after an upload the library form is empty, so a link can follow a file', async ({ page }) => {
	const teacher = await registerAccount('tutor', 'Tomas', 'Berg')
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/library')
	const form = page.getByRole('region', { name: 'Upload a resource' })
	const first = uniqueWord('Vectors notes ')
	await form.getByLabel('Title').fill(first)
	await form.getByRole('textbox', { name: 'Subject' }).fill('Physics')
	await form.getByLabel('Resource type').selectOption('document')
	await form.getByLabel('File', { exact: true }).setInputFiles(PDF)
	await form.getByRole('button', { name: 'Upload resource' }).click()
	await expect(page.getByText('Resource uploaded successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: first })).toBeVisible()

	await expect(form.getByLabel('Title')).toHaveValue('')
	await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('')
	await expect(form.getByLabel('Resource type')).toHaveValue('')
	await expect(form.getByLabel('File', { exact: true })).toHaveValue('')
	await toastGone(page, 'Resource uploaded successfully')

	const second = uniqueWord('Vectors video ')
	await form.getByLabel('Title').fill(second)
	await form.getByRole('textbox', { name: 'Subject' }).fill('Physics')
	await form.getByLabel('Resource type').selectOption('link')
	await form.getByLabel('Link (instead of a file)').fill('https://example.com/vectors')
	await form.getByRole('button', { name: 'Upload resource' }).click()
	await expect(page.getByText('Resource uploaded successfully')).toBeVisible()
	await expect(page.getByText('Give a file or a link, not both')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: second })).toBeVisible()
})

test('announcements and the profile picture form come back empty after success; saved details stay', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Ines', 'Duarte')
	const course = `Optics ${uniqueWord('c')}`
	await enrolledCourse(teacher, [], course)
	await signIn(page, teacher.email)

	await page.goto('/teachersdashboard/announcement/list')
	const title = uniqueWord('Lab moved ')
	await page.getByLabel('Audience').selectOption({ label: course })
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Message').fill('The lab is in room 4 this week.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByLabel('Title')).toHaveValue('')
	await expect(page.getByLabel('Message')).toHaveValue('')
	await expect(page.getByLabel('Audience')).toHaveValue('')

	await page.goto('/teachersdashboard/profile')
	await page.getByLabel('New profile picture').setInputFiles(PNG)
	await page.getByRole('button', { name: 'Upload picture' }).click()
	await expect(page.getByRole('img', { name: 'Profile picture of Ines Duarte' })).toBeVisible()
	await expect(page.getByLabel('New profile picture')).toHaveValue('')
	await toastGone(page, 'Profile updated successfully')

	// An edit form comes back with what was saved.
	await page.getByLabel('Subjects you teach (optional)').fill('Optics, Waves')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Profile updated successfully')).toBeVisible()
	await expect(page.getByLabel('Subjects you teach (optional)')).toHaveValue('Optics, Waves')
})

test('an organization adds departments and members with forms that come back empty', async ({
	page,
}) => {
	const email = uniqueEmail('org')
	await signUpOrganization(page, {
		name: `Ridge Academy ${uniqueWord('o')}`,
		email,
		password,
		country: 'Ghana',
	})
	await expect(page.getByText('Organization created successfully!')).toBeVisible()
	await logIn(page, email, password, 'organization')
	await expect(page).toHaveURL(/\/organization\/dashboard$/)

	await page.getByLabel('New department name').fill('Languages')
	await page.getByRole('button', { name: 'Add department' }).click()
	await expect(page.getByText(/department created successfully/i).first()).toBeVisible()
	await expect(page.getByLabel('New department name')).toHaveValue('')

	await page.goto('/organization/departments')
	await page.getByLabel('Department name', { exact: true }).fill('Arts')
	await page.getByLabel('Description (optional)').fill('Music and drawing')
	await page.getByRole('button', { name: 'Create department' }).click()
	await expect(page.getByRole('cell', { name: 'Arts', exact: true })).toBeVisible()
	await expect(page.getByLabel('Department name', { exact: true })).toHaveValue('')
	await expect(page.getByLabel('Description (optional)')).toHaveValue('')
	// A name the API refuses is answered without a redirect: what was typed stays.
	await page.getByLabel('Department name', { exact: true }).fill('arts')
	await page.getByLabel('Description (optional)').fill('Again')
	await page.getByRole('button', { name: 'Create department' }).click()
	await expect(page.getByText('A department with this name already exists').first()).toBeVisible()
	await expect(page.getByLabel('Department name', { exact: true })).toHaveValue('arts')
	await expect(page.getByLabel('Description (optional)')).toHaveValue('Again')

	await page.goto('/organization/teachers')
	const form = page.getByRole('region', { name: 'Register a new teacher' })
	await form.getByLabel('First name').fill('Kofi')
	await form.getByLabel('Last name').fill('Mensah')
	await form.getByLabel('Email').fill(uniqueEmail('kofi'))
	await form.getByLabel('Password').fill(password)
	await form.getByRole('button', { name: 'Add teacher' }).click()
	await expect(page.getByRole('cell', { name: 'Kofi Mensah', exact: true })).toBeVisible()
	for (const label of ['First name', 'Last name', 'Email', 'Password'])
		await expect(form.getByLabel(label)).toHaveValue('')
})
