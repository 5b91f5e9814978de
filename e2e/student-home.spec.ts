import { request } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, test } from './fixtures'
import { enrolledCourse, password, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Issue 16: the student's home shows what comes next and what is new, not only the account; and
// the sessions page has the week view (counts and hours) teachers have.

async function asTeacher(email: string) {
	const api = await request.newContext()
	const login = await api.post(`${apiUrl}/auth/login`, { data: { email, password } })
	const token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken
	return { api, headers: { authorization: `Bearer ${token}` } }
}

test('the student home shows the task due soonest, unread announcements and results', async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Ada', 'Teacher')
	const student = await registerAccount('student', 'Ben', 'Learner')
	const courseId = await enrolledCourse(teacher, [student], uniqueWord('Home course '))
	const task = uniqueWord('Essay ')
	const later = uniqueWord('Later essay ')
	const news = uniqueWord('Field trip ')
	const { api, headers } = await asTeacher(teacher.email)
	const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
	const tasks: Array<[string, string]> = [
		[later, inDays(9)],
		[task, inDays(2)],
	]
	for (const [title, due] of tasks) {
		const created = await api.post(`${apiUrl}/tasks/create-task`, {
			headers,
			multipart: { courseId, title, dueDate: due, taskType: 'assignment' },
		})
		expect(created.status()).toBe(201)
	}
	const posted = await api.post(`${apiUrl}/announcements`, {
		headers,
		data: { title: news, body: 'Bring a packed lunch.', courseId },
	})
	expect(posted.status()).toBe(201)
	await api.dispose()

	await signIn(page, student.email)
	const due = page.getByRole('region', { name: 'Tasks due' })
	await expect(due.getByRole('link').first()).toHaveText(task)
	await expect(due.getByRole('link', { name: later })).toBeVisible()
	const announcements = page.getByRole('region', { name: 'Announcements' })
	await expect(announcements.getByText('1 unread announcement')).toBeVisible()
	await announcements.getByRole('link', { name: news }).click()
	await expect(page.getByRole('heading', { name: news })).toBeVisible()

	// Read now: home says so.
	await page.goto('/studentdashboard')
	await expect(
		page.getByRole('region', { name: 'Announcements' }).getByText('No unread announcements.'),
	).toBeVisible()
	await expect(
		page.getByRole('region', { name: 'Recent results' }).getByText('No test results yet.'),
	).toBeVisible()
	await expect(
		page.getByRole('region', { name: 'Next session' }).getByText('No upcoming sessions.'),
	).toBeVisible()
	await expect(page.getByRole('region', { name: 'Your account' })).toContainText(student.email)
})

test('a student sees their week: counts, hours and each day, and moves between weeks', async ({
	page,
}) => {
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/sessions')
	await expect(page.getByText('Sessions this week')).toBeVisible()
	await expect(page.getByText('Hours this week')).toBeVisible()
	const week = page.getByRole('region', { name: /^Week of / })
	await expect(week.getByRole('listitem').filter({ hasText: '(today)' })).toHaveCount(1)
	// A student's week offers no "Add" (that is the teacher's).
	await expect(week.getByRole('link', { name: /^Add a session/ })).toHaveCount(0)

	const heading = await week.getByRole('heading', { level: 2 }).innerText()
	await week.getByRole('link', { name: 'Next week' }).click()
	await expect(page).toHaveURL(/\/studentdashboard\/sessions\?week=\d{4}-\d{2}-\d{2}$/)
	await expect(page.getByText('Sessions in this week')).toBeVisible()
	await expect(
		page.getByRole('region', { name: /^Week of / }).getByRole('heading', { level: 2 }),
	).not.toHaveText(heading)
	await page
		.getByRole('region', { name: /^Week of / })
		.getByRole('link', { name: 'This week' })
		.click()
	await expect(page.getByText('Sessions this week')).toBeVisible()
})
