import type { APIRequestContext, Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, logOut, test, uniqueEmail } from './fixtures'
import { apiToken, registerAccount } from './course-helpers'
import { createTaskOnPage } from './task-helpers'

// The demo teacher teaches Algebra Foundations, where the demo student is enrolled. Each test
// makes its own uniquely named task, so the js and no-js runs never touch each other's data.

const TEACHER = 'teacher@example.com'
const STUDENT = 'student@example.com'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/** Logs in and waits for the dashboard, so the next navigation does not cut the login short. */
async function signIn(page: Page, email: string) {
	await logIn(page, email)
	await expect(page).toHaveURL(/\/(teachersdashboard|studentdashboard)$/)
}

const uniqueTitle = (prefix: string) =>
	`${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** A `datetime-local` value `days` from now. */
function localInput(days: number) {
	const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

async function createTask(page: Page, title: string, { dueInDays = 3, attachment = true } = {}) {
	await page.goto('/teachersdashboard/tasks')
	await page.getByLabel('Course').selectOption({ label: 'Algebra Foundations' })
	await page.getByLabel('Task type').selectOption('homework')
	await page.getByLabel('Title').fill(title)
	await page
		.getByLabel('Description (optional)')
		.fill('Answer every question and show your working.')
	await page.getByLabel('Due date').fill(localInput(dueInDays))
	if (attachment) {
		await page
			.getByLabel('Attachment (optional)')
			.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF })
	}
	await page.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('Task created successfully')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
}

/**
 * The student's list, on the page that holds `title`: it is sorted by due date and ten to a page,
 * and every run adds tasks, so a student (like this helper) may need "Next page".
 */
async function studentTaskRow(page: Page, title: string) {
	await page.goto('/studentdashboard/tasks')
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(page.getByRole('heading', { name: 'Your tasks', level: 1 })).toBeVisible()
	while ((await row.count()) === 0) {
		const next = page.getByRole('link', { name: 'Next page' })
		if ((await next.count()) === 0) break
		const shown = await page.getByText(/^Page \d+ of \d+$/).textContent()
		await next.click()
		await expect(page.getByText(/^Page \d+ of \d+$/)).not.toHaveText(shown ?? '')
	}
	return row
}

async function submitWork(
	page: Page,
	title: string,
	file = { name: 'answers.txt', mimeType: 'text/plain', buffer: Buffer.from('x = 4') },
) {
	await (await studentTaskRow(page, title)).getByRole('link', { name: title }).click()
	await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
	await page.getByLabel('Your file').setInputFiles(file)
	// With JavaScript the upload island posts to its own JSON route (so it can show progress).
	const posted = page.waitForRequest(
		(request) =>
			request.method() === 'POST' && request.url().includes('/studentdashboard/task-details'),
	)
	await page.getByRole('button', { name: 'Submit task' }).click()
	const upload = await posted
	expect(new URL(upload.url()).pathname).toBe(
		test.info().project.name === 'js'
			? '/studentdashboard/task-details/submit'
			: '/studentdashboard/task-details',
	)
	await expect(page.getByText('Task submitted successfully')).toBeVisible()
}

test('a teacher sets a task with an attachment, the student submits, the teacher grades, the student sees the grade', async ({
	page,
}) => {
	// Three role switches, each a real login.
	test.slow()
	const title = uniqueTitle('Fractions worksheet')
	await signIn(page, TEACHER)
	await createTask(page, title)
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText('Homework')
	await expect(row).toContainText(/0 of \d+/)
	await logOut(page)

	await signIn(page, STUDENT)
	await page.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Your tasks', level: 1 })).toBeVisible()
	const pending = await studentTaskRow(page, title)
	await expect(pending).toContainText('Pending')
	await pending.getByRole('link', { name: title }).click()
	await expect(page.getByText('Answer every question and show your working.')).toBeVisible()
	// The attachment downloads through the app, with the student's own token.
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: /brief\.pdf/ }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('brief.pdf')
	await submitWork(page, title)
	await expect(page.getByText('Submitted', { exact: true })).toBeVisible()
	await expect(page.getByRole('link', { name: /answers\.txt/ })).toBeVisible()
	await logOut(page)

	await signIn(page, TEACHER)
	await page.goto('/teachersdashboard/tasks')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(/1 of \d+/)
	await page.getByRole('link', { name: `Submissions for ${title}` }).click()
	const studentRow = page.getByRole('row', { name: /Sam Rivera/ })
	await expect(studentRow).toContainText('Submitted')
	await studentRow.getByRole('link', { name: 'Grade Sam Rivera' }).click()
	const submitted = page.waitForEvent('download')
	await page.getByRole('link', { name: /answers\.txt/ }).click()
	expect((await submitted).suggestedFilename()).toBe('answers.txt')

	await page.getByLabel('Grade (0-100)').fill('140')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page.getByText('Enter a grade from 0 to 100')).toBeVisible()
	await page.getByLabel('Grade (0-100)').fill('abc')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page.getByText('Enter a grade from 0 to 100')).toBeVisible()
	await page.getByLabel('Grade (0-100)').fill('91')
	await page.getByLabel('Feedback (optional)').fill('Neat and correct.')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page.getByText('Task graded successfully')).toBeVisible()
	// Nothing else waits for a grade, so the list comes next.
	await expect(page).toHaveURL(/\/teachersdashboard\/tasks\/submissions\?taskId=/)
	await expect(page.getByRole('row', { name: /Sam Rivera/ })).toContainText('Graded')
	await expect(page.getByRole('row', { name: /Sam Rivera/ })).toContainText('91 / 100')
	await expect(page.getByRole('row', { name: '90-100 1' })).toBeVisible()
	await logOut(page)

	await signIn(page, STUDENT)
	const graded = await studentTaskRow(page, title)
	await expect(graded).toContainText('Graded')
	await graded.getByRole('link', { name: title }).click()
	await expect(page.getByText('Grade: 91 / 100')).toBeVisible()
	await expect(page.getByText('Feedback: Neat and correct.')).toBeVisible()
	await expect(page.getByRole('button', { name: /Submit task|Resubmit task/ })).toHaveCount(0)
})

test('work handed in after the due date is Late, for the student and the teacher', async ({
	page,
}) => {
	const title = uniqueTitle('Overdue proof')
	await signIn(page, TEACHER)
	await createTask(page, title, { dueInDays: -1, attachment: false })
	await logOut(page)

	await signIn(page, STUDENT)
	await (await studentTaskRow(page, title)).getByRole('link', { name: title }).click()
	await expect(
		page.getByText('The due date has passed: work handed in now is marked Late.'),
	).toBeVisible()
	await submitWork(page, title, { name: 'proof.pdf', mimeType: 'application/pdf', buffer: PDF })
	await expect(page.getByText('Late', { exact: true })).toBeVisible()
	await expect(await studentTaskRow(page, title)).toContainText('Late')
	await logOut(page)

	await signIn(page, TEACHER)
	await page.goto('/teachersdashboard/tasks')
	await page.getByRole('link', { name: `Submissions for ${title}` }).click()
	await page.getByLabel('Filter by status').selectOption('Late')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByRole('row', { name: /Sam Rivera/ })).toContainText('Late')
})

test('bad task and submission input gets field errors and stores nothing', async ({ page }) => {
	const big = {
		name: 'huge.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]),
	}
	const title = uniqueTitle('Too big')
	await signIn(page, TEACHER)
	await page.goto('/teachersdashboard/tasks')
	await page.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('Enter a title')).toBeVisible()
	await expect(page.getByText('Choose a due date')).toBeVisible()

	await page.getByLabel('Course').selectOption({ label: 'Algebra Foundations' })
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Due date').fill(localInput(2))
	await page.getByLabel('Attachment (optional)').setInputFiles(big)
	await page.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('The file must be at most 10 MB')).toBeVisible()
	await expect(page.getByLabel('Title')).toHaveValue(title)
	await page.goto('/teachersdashboard/tasks')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)

	// A real task to hand bad work in to.
	const target = uniqueTitle('Needs a file')
	await createTask(page, target, { attachment: false })
	await logOut(page)
	await signIn(page, STUDENT)
	await (await studentTaskRow(page, target)).getByRole('link', { name: target }).click()
	await page.getByRole('button', { name: 'Submit task' }).click()
	await expect(page.getByText('Choose a file to upload')).toBeVisible()
	await page.getByLabel('Your file').setInputFiles(big)
	await page.getByRole('button', { name: 'Submit task' }).click()
	await expect(page.getByText('The file must be at most 10 MB')).toBeVisible()
	await page.getByLabel('Your file').setInputFiles({
		name: 'virus.exe',
		mimeType: 'application/octet-stream',
		buffer: Buffer.from('MZ'),
	})
	await page.getByRole('button', { name: 'Submit task' }).click()
	await expect(
		page.getByText('Upload a PDF, image, text, Word, Excel, PowerPoint or ZIP file'),
	).toBeVisible()
	await expect(await studentTaskRow(page, target)).toContainText('Pending')
})

/** A new account through the API; answers its access token. */
async function register(
	request: APIRequestContext,
	kind: 'tutor' | 'student',
	email: string,
	firstName: string,
) {
	await registerAccount(request, kind, firstName, email)
	return apiToken(request, email)
}

test('after a grade is saved, the next ungraded submission of the task opens', async ({
	page,
	request,
}) => {
	test.slow()
	const teacher = uniqueEmail('grader')
	const [first, second] = [uniqueEmail('first'), uniqueEmail('second')]
	await register(request, 'tutor', teacher, 'Grace')
	const tokens = [
		await register(request, 'student', first, 'Ada'),
		await register(request, 'student', second, 'Bo'),
	]
	const course = uniqueTitle('Geometry')
	const made = await request.post(`${apiUrl}/__test/enrolled-course`, {
		data: { tutorEmail: teacher, title: course, studentEmails: [first, second] },
	})
	expect(made.status()).toBe(201)

	const title = uniqueTitle('Triangle proofs')
	await logIn(page, teacher, 'a-good-password')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const taskId = await createTaskOnPage(page, course, title, localInput(2))
	// Both students hand work in, Ada first.
	for (const token of tokens) {
		const submitted = await request.post(`${apiUrl}/tasks/${taskId}/submit`, {
			headers: { Authorization: `Bearer ${token}` },
			multipart: {
				file: { name: 'proof.txt', mimeType: 'text/plain', buffer: Buffer.from('QED') },
			},
		})
		expect(submitted.status()).toBe(201)
	}

	await page.getByRole('link', { name: `Submissions for ${title}` }).click()
	await expect(page.getByText('2 submitted, 0 pending of 2 enrolled')).toBeVisible()
	await page.getByRole('link', { name: 'Grade Ada Tester' }).click()
	await page.getByLabel('Grade (0-100)').fill('72')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page.getByText('Task graded successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: `Bo Tester: ${title}` })).toBeVisible()
	await page.getByLabel('Grade (0-100)').fill('95')
	await page.getByRole('button', { name: 'Save grade' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/tasks\/submissions\?taskId=/)
	await expect(page.getByRole('row', { name: '70-80 1' })).toBeVisible()
	await expect(page.getByRole('row', { name: '90-100 1' })).toBeVisible()
	await expect(page.getByText('Average grade: 83.5')).toBeVisible()
})

test('a teacher edits and deletes a task, confirming the delete', async ({ page }) => {
	const title = uniqueTitle('Draft task')
	await signIn(page, TEACHER)
	await createTask(page, title, { attachment: false })
	await page.getByRole('link', { name: `Edit ${title}` }).click()
	await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
	await page.getByLabel('Title').fill(`${title} v2`)
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Task updated successfully')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(`${title} v2`) })).toBeVisible()

	await page.getByRole('link', { name: `Delete ${title} v2` }).click()
	await expect(page.getByRole('heading', { name: `Delete “${title} v2”?` })).toBeVisible()
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('row', { name: new RegExp(`${title} v2`) })).toBeVisible()
	await page.getByRole('link', { name: `Delete ${title} v2` }).click()
	await page.getByRole('button', { name: 'Delete task' }).click()
	await expect(page.getByText('Task deleted successfully')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})

test('offline, task edits and deletes are queued, shown at once and replayed when back online', async ({
	page,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'the offline queue needs JavaScript')
	const title = uniqueTitle('Offline task')
	const doomed = uniqueTitle('Offline delete')
	await signIn(page, TEACHER)
	await createTask(page, title, { attachment: false })
	await createTask(page, doomed, { attachment: false })

	await context.setOffline(true)
	await page.getByRole('link', { name: `Edit ${title}` }).click()
	await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible()
	await page.getByLabel('Title').fill(`${title} offline`)
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('You are offline. Changes will be saved locally.')).toBeVisible()
	const changed = page.getByRole('row', { name: new RegExp(`${title} offline`) })
	await expect(changed).toContainText('Changed offline: syncs when back online')
	await page.getByRole('link', { name: `Delete ${doomed}` }).click()
	await page.getByRole('button', { name: 'Delete task' }).click()
	await expect(page.getByRole('row', { name: new RegExp(doomed) })).toContainText(
		'Deleted offline: syncs when back online',
	)

	await context.setOffline(false)
	await expect(page.getByRole('row', { name: new RegExp(`${title} offline`) })).not.toContainText(
		'Changed offline',
	)
	await expect(page.getByRole('row', { name: new RegExp(doomed) })).toHaveCount(0)
	await page.reload()
	await expect(page.getByRole('row', { name: new RegExp(`${title} offline`) })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(doomed) })).toHaveCount(0)
})

test('offline, the task list falls back to the last one shown, or says You are offline', async ({
	page,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'the offline fallback lives in the browser')
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Student navigation' })
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	const table = page.getByRole('table', { name: 'Your tasks' })
	await expect(table).toBeVisible()
	const shownOnline = await table.innerText()
	await nav.getByRole('link', { name: 'Dashboard' }).click()
	await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible()
	await page.waitForLoadState('networkidle')

	await context.setOffline(true)
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByText(/^You are offline\. These are your tasks as of/)).toBeVisible()
	expect(await table.innerText()).toBe(shownOnline)

	// Nothing stored: following the link again reloads the list from the (now empty) store.
	await page.evaluate(() => localStorage.removeItem('tasks_offline_list'))
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByRole('alert').getByText('You are offline')).toBeVisible()
	await context.setOffline(false)
})

test('offline, the teacher task list opens from the last one shown', async ({
	page,
	context,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'the offline fallback lives in the browser')
	await logIn(page, TEACHER)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const nav = page.getByRole('navigation', { name: 'Teacher navigation' })
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Your tasks' })).toBeVisible()
	await nav.getByRole('link', { name: 'Dashboard' }).click()
	await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible()
	await page.waitForLoadState('networkidle')

	await context.setOffline(true)
	await nav.getByRole('link', { name: 'Tasks', exact: true }).click()
	await expect(page.getByText(/^You are offline\. These are your tasks as of/)).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Your tasks' })).toBeVisible()
	await context.setOffline(false)
})
