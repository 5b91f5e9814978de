import { request } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, test } from './fixtures'
import { enrolledCourse, password, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Issue 28: lists longer than one page of the API are shown whole, never cut at the first page.
// The data is made through the API (tokens live seconds here: a fresh one every few calls).

test.use({ timezoneId: 'UTC' })

async function apiAs(email: string) {
	const api = await request.newContext()
	let token = ''
	let used = 0
	const headers = async () => {
		if (!token || used++ % 40 === 0) {
			const login = await api.post(`${apiUrl}/auth/login`, { data: { email, password } })
			token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken
		}
		return { authorization: `Bearer ${token}` }
	}
	return { api, headers }
}

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const clock = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

test('a week of 150 sessions is paged with its true total for the teacher and the student', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const teacher = await registerAccount('tutor', 'Busy', 'Teacher')
	const student = await registerAccount('student', 'Keen', 'Learner')
	const courseId = await enrolledCourse(teacher, [student], uniqueWord('Full week '))
	// Two weeks ahead, never a Sunday: the week's second page has days before its sessions.
	const date = new Date(`${dayIn(14)}T12:00:00Z`).getUTCDay() === 0 ? dayIn(15) : dayIn(14)
	const { api, headers } = await apiAs(teacher.email)
	// 150 half-hour sessions on one day two weeks ahead, every five minutes from 07:00.
	for (let n = 0; n < 150; n++) {
		const created = await api.post(`${apiUrl}/schedule/create`, {
			headers: await headers(),
			multipart: {
				courseId,
				title: `Slot ${n + 1}`,
				scheduledDate: date,
				startTime: clock(7 * 60 + n * 5),
				duration: '30',
				timeZone: 'UTC',
			},
		})
		expect(created.status()).toBe(201)
	}
	await api.dispose()

	// 100 a page (the list call's most), the week's counts over all 150.
	const pagedWeek = async (path: string) => {
		await page.goto(`${path}?week=${date}`)
		const stats = page.getByText(/^Sessions in this week$/).locator('..')
		await expect(stats.getByRole('definition')).toHaveText('150')
		const week = page.getByRole('region', { name: /^Week of/ })
		await expect(week.getByText('Sessions 1–100 of 150 in this week')).toBeVisible()
		await expect(week.getByText(/^Slot \d+$/)).toHaveCount(100)
		await expect(week.getByText('Slot 100', { exact: true })).toBeVisible()
		await week
			.getByRole('navigation', { name: 'Pages of this week' })
			.getByRole('link', { name: 'Next page' })
			.click()
		await expect(week.getByText('Sessions 101–150 of 150 in this week')).toBeVisible()
		await expect(week.getByText(/^Slot \d+$/)).toHaveCount(50)
		await expect(week.getByText('Slot 150', { exact: true })).toBeVisible()
		await expect(week.getByText('Slot 100', { exact: true })).toHaveCount(0)
		// The days before this page's first session may hold some on the page before.
		await expect(week.getByText('None on this page').first()).toBeVisible()
		expect(new URL(page.url()).searchParams.get('weekPage')).toBe('2')
	}
	await signIn(page, teacher.email)
	await pagedWeek('/teachersdashboard/schedule')

	await page.context().clearCookies()
	await signIn(page, student.email)
	await pagedWeek('/studentdashboard/sessions')
})

test('a student with many past tasks sees the ones due next, and the latest unread news', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const teacher = await registerAccount('tutor', 'Many', 'Tasks')
	const student = await registerAccount('student', 'Late', 'Comer')
	const courseId = await enrolledCourse(teacher, [student], uniqueWord('Long term '))
	const { api, headers } = await apiAs(teacher.email)
	const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
	// 60 past tasks (more than the old first page of 50), then four still to come.
	const tasks: Array<[string, string]> = [
		...Array.from({ length: 60 }, (_, n): [string, string] => [`Past ${n + 1}`, inDays(-1 - n)]),
		['Ahead 3', inDays(3)],
		['Ahead 1', inDays(1)],
		['Ahead 2', inDays(2)],
		['Ahead 4', inDays(4)],
	]
	for (const [title, dueDate] of tasks) {
		const created = await api.post(`${apiUrl}/tasks/create-task`, {
			headers: await headers(),
			multipart: { courseId, title, dueDate, taskType: 'homework' },
		})
		expect(created.status()).toBe(201)
	}
	const news: string[] = []
	for (let n = 1; n <= 15; n++) {
		const posted = await api.post(`${apiUrl}/announcements`, {
			headers: await headers(),
			data: { title: `News ${n}`, body: 'Text.', courseId },
		})
		expect(posted.status()).toBe(201)
		news.push(((await posted.json()) as { announcement: { id: string } }).announcement.id)
	}
	await api.dispose()
	// The student has read the twelve newest: the three unread are past the first page.
	const reader = await apiAs(student.email)
	for (const id of news.slice(3)) {
		const read = await reader.api.post(`${apiUrl}/announcements/${id}/read`, {
			headers: await reader.headers(),
		})
		expect(read.status()).toBe(200)
	}
	await reader.api.dispose()

	await signIn(page, student.email)
	const due = page.getByRole('region', { name: 'Tasks due' })
	await expect(due.getByRole('link', { name: /^Ahead / })).toHaveText([
		'Ahead 1',
		'Ahead 2',
		'Ahead 3',
	])
	const announcements = page.getByRole('region', { name: 'Announcements' })
	await expect(announcements.getByText('3 unread announcements')).toBeVisible()
	await expect(announcements.getByRole('link', { name: /^News / })).toHaveText([
		'News 3',
		'News 2',
		'News 1',
	])
})

test('a teacher of many courses finds one with the course menu’s search, then posts to it', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const teacher = await registerAccount('tutor', 'Wide', 'Teacher')
	const prefix = uniqueWord('Topic ')
	for (let n = 1; n <= 55; n++) {
		await enrolledCourse(teacher, [], `${prefix} ${String(n).padStart(2, '0')}`)
	}

	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/announcement/list')
	const finder = page.getByRole('search', { name: 'Find a course' })
	await expect(finder.getByText('The menu shows the first 50 of 55 courses')).toBeVisible()
	await expect(page.getByLabel('Audience').locator('option')).toHaveCount(51)
	await finder.getByLabel('Search the menu').fill(`${prefix} 53`)
	await finder.getByRole('button', { name: 'Find' }).click()
	await expect(finder.getByText(`1 course match “${prefix} 53”.`)).toBeVisible()
	await expect(page.getByLabel('Audience').locator('option')).toHaveCount(2)
	await page.getByLabel('Audience').selectOption({ label: `${prefix} 53` })
	await page.getByLabel('Title').fill('Found it')
	await page.getByLabel('Message').fill('Posted to a course past the first fifty.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()
	await expect(page.getByText(`Students of ${prefix} 53`)).toBeVisible()

	// The task form's course menu is the same short menu with the same search.
	await page.goto('/teachersdashboard/tasks')
	await expect(
		page.getByRole('search', { name: 'Find a course' }).getByText('the first 50 of 55 courses'),
	).toBeVisible()
	await expect(page.getByLabel('Course', { exact: true }).locator('option')).toHaveCount(51)
})
