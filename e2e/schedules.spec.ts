import type { APIRequestContext, Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, logOut, test, uniqueEmail, wallClockIn } from './fixtures'

// A zone other than UTC, so times really are converted (the no-js project cannot detect it and
// works in UTC, which the journeys read from the form's time zone field).
test.use({ timezoneId: 'America/Chicago' })

const password = 'a-good-password'

/** A fresh teacher with a course of their own and one enrolled student. */
async function teacherWithStudent(request: APIRequestContext, courseTitle: string) {
	const teacherEmail = uniqueEmail('sched-teacher')
	const studentEmail = uniqueEmail('sched-student')
	const teacher = await request.post(`${apiUrl}/auth/register-tutor`, {
		data: { firstName: 'Tess', lastName: 'Planner', email: teacherEmail, password },
	})
	expect(teacher.status()).toBe(201)
	const student = await request.post(`${apiUrl}/auth/register-student`, {
		data: { firstName: 'Stella', lastName: 'Learner', email: studentEmail, password },
	})
	expect(student.status()).toBe(201)
	const course = await request.post(`${apiUrl}/__test/enrolled-course`, {
		data: { tutorEmail: teacherEmail, title: courseTitle, studentEmails: [studentEmail] },
	})
	expect(course.status()).toBe(201)
	const { courseId } = (await course.json()) as { courseId: string }
	return { teacherEmail, studentEmail, courseId }
}

/** Today's date and the current minute (HH:MM) in `zone`. */
function nowIn(zone: string, days = 0) {
	return wallClockIn(zone, Date.now() + days * 86_400_000)
}

const stat = (page: Page, label: string) =>
	page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')

async function openSchedule(page: Page) {
	await page.getByRole('link', { name: 'Schedule', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible()
}

async function createSession(page: Page, fields: { course: string; title: string; days?: number }) {
	await page.getByRole('link', { name: 'New session' }).click()
	await expect(page.getByRole('heading', { name: 'New session' })).toBeVisible()
	const zone = await page.getByLabel('Time zone').inputValue()
	const { date, time } = nowIn(zone, fields.days)
	await page.getByLabel('Course').selectOption({ label: fields.course })
	await page.getByLabel('Title').fill(fields.title)
	await page.getByLabel('Date').fill(date)
	await page.getByLabel('Start time').fill(time)
	await page.getByLabel('Duration (minutes)').fill('60')
	await page.getByRole('button', { name: 'Create session' }).click()
	await expect(page.getByText('Schedule created successfully')).toBeVisible()
	return { zone, date }
}

test('a teacher schedules a session, the student sees it, attendance is taken, and a cancel takes it out of the counts', async ({
	page,
	request,
}, testInfo) => {
	const { teacherEmail, studentEmail } = await teacherWithStudent(request, 'Chemistry Basics')
	await logIn(page, teacherEmail, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	await openSchedule(page)
	// With JavaScript the browser's zone is picked up; without it, times read in UTC.
	const viewerZone = testInfo.project.name === 'js' ? 'America/Chicago' : 'UTC'
	await expect(page.getByText(/^Times are shown in/)).toContainText(viewerZone)
	await expect(stat(page, 'Sessions today')).toHaveText('0')
	await expect(stat(page, 'Sessions this week')).toHaveText('0')
	await expect(page.getByText('No upcoming sessions.')).toBeVisible()

	// Starting now and lasting an hour: today, this week, under way, and still cancellable.
	const { zone } = await createSession(page, {
		course: 'Chemistry Basics',
		title: 'Acids and bases',
	})
	expect(zone).toBe(viewerZone)
	await expect(page).toHaveURL(/\/teachersdashboard\/schedule\?week=\d{4}-\d{2}-\d{2}$/)
	await expect(stat(page, 'Sessions today')).toHaveText('1')
	await expect(stat(page, 'Sessions this week')).toHaveText('1')
	await expect(stat(page, 'Hours this week')).toHaveText('1 hour')
	const today = page.getByRole('list', { name: 'Today’s sessions' })
	await expect(today.getByText('Acids and bases', { exact: true })).toBeVisible()
	await expect(
		page
			.getByRole('region', { name: 'Next session' })
			.getByText('Acids and bases', { exact: true }),
	).toBeVisible()
	await expect(page.getByRole('table').getByText('Acids and bases', { exact: true })).toBeVisible()

	// Attendance, then a correction.
	await today.getByRole('link', { name: /^Attendance for Acids and bases/ }).click()
	await expect(page.getByRole('heading', { name: 'Attendance: Acids and bases' })).toBeVisible()
	const stella = page.getByRole('group', { name: 'Stella Learner' })
	await expect(stella.getByText('not recorded yet')).toBeVisible()
	await stella.getByLabel('Late').check()
	await page.getByRole('button', { name: 'Save attendance' }).click()
	await expect(page.getByText('Attendance saved')).toBeVisible()
	await expect(stella.getByLabel('Late')).toBeChecked()
	await page.getByRole('button', { name: 'Mark everyone present' }).click()
	// With JavaScript the first save's toast may still be showing.
	await expect(page.getByText('Attendance saved').last()).toBeVisible()
	await expect(stella.getByLabel('Present')).toBeChecked()
	// Without JavaScript the toast is page text over the header: open a page without one first.
	await page.goto('/teachersdashboard/schedule')
	await logOut(page)

	// The enrolled student sees the session today, with their attendance.
	await logIn(page, studentEmail, password)
	await page.getByRole('link', { name: 'Sessions', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'My sessions' })).toBeVisible()
	const studentToday = page.getByRole('list', { name: 'Today’s sessions' })
	await expect(studentToday.getByText('Acids and bases', { exact: true })).toBeVisible()
	await expect(studentToday.getByText('Chemistry Basics')).toBeVisible()
	await expect(studentToday.getByText('Your attendance: Present')).toBeVisible()
	await expect(
		page
			.getByRole('region', { name: 'Next session' })
			.getByText('Acids and bases', { exact: true }),
	).toBeVisible()
	// The session links into its own live classroom.
	await studentToday
		.getByRole('link', { name: /^Join the live classroom for Acids and bases/ })
		.click()
	await expect(page).toHaveURL(/\/conference\/classroom\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Acids and bases' })).toBeVisible()
	await page.goto('/studentdashboard/sessions')
	await logOut(page)

	// The teacher cancels it, after confirming: it leaves today's list and the counts, reads
	// Cancelled, and can no longer be edited.
	await logIn(page, teacherEmail, password)
	await openSchedule(page)
	const teacherToday = page.getByRole('list', { name: 'Today’s sessions' })
	const editPath = await teacherToday
		.getByRole('link', { name: /^Edit Acids and bases/ })
		.getAttribute('href')
	await teacherToday.getByText('Cancel session', { exact: true }).click()
	// The first click only asks.
	await expect(teacherToday.getByText(/^Cancel “Acids and bases”\?/)).toBeVisible()
	await expect(stat(page, 'Sessions today')).toHaveText('1')
	await teacherToday.getByRole('button', { name: /^Yes, cancel Acids and bases/ }).click()
	await expect(page.getByText('Schedule cancelled successfully')).toBeVisible()
	await expect(stat(page, 'Sessions today')).toHaveText('0')
	await expect(stat(page, 'Sessions this week')).toHaveText('0')
	await expect(stat(page, 'Hours this week')).toHaveText('0 hours')
	await expect(page.getByText('No sessions today.')).toBeVisible()
	await expect(page.getByRole('table').getByText('Cancelled')).toBeVisible()
	await expect(page.getByRole('link', { name: /^Edit Acids and bases/ })).toHaveCount(0)
	await page.goto(editPath ?? '')
	await expect(page.getByText('This session is cancelled, so it cannot be edited.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
})

test('a teacher plans next week, moves between weeks, edits, refreshes and deletes after confirming', async ({
	page,
	request,
}) => {
	const { teacherEmail, courseId } = await teacherWithStudent(request, 'Physics Lab')
	await logIn(page, teacherEmail, password)
	await openSchedule(page)
	await expect(stat(page, 'Sessions today')).toHaveText('0')

	// A session made elsewhere (here, straight through the API) shows once the teacher refreshes.
	const session = await request.post(`${apiUrl}/auth/login`, {
		data: { email: teacherEmail, password },
	})
	const { user } = (await session.json()) as { user: { accessToken: string } }
	const now = nowIn('UTC')
	const made = await request.post(`${apiUrl}/schedule/create`, {
		headers: { authorization: `Bearer ${user.accessToken}` },
		multipart: {
			courseId,
			title: 'Lab safety briefing',
			scheduledDate: now.date,
			startTime: now.time,
			duration: '30',
			timeZone: 'UTC',
		},
	})
	expect(made.status()).toBe(201)
	await page.getByRole('button', { name: 'Refresh' }).click()
	await expect(stat(page, 'Sessions today')).toHaveText('1')
	await expect(
		page
			.getByRole('list', { name: 'Today’s sessions' })
			.getByText('Lab safety briefing', { exact: true }),
	).toBeVisible()

	// The server checks the form too: the browser's own checks are switched off to reach it.
	await page.getByRole('link', { name: 'New session' }).click()
	await page.locator('form#new-session').evaluate((form) => form.setAttribute('novalidate', ''))
	await page.getByLabel('Course').selectOption({ label: 'Physics Lab' })
	await page.getByLabel('Title').fill('Pendulums')
	await page.getByLabel('Start time').fill('10:00')
	await page.getByLabel('Duration (minutes)').fill('2')
	await page.getByRole('button', { name: 'Create session' }).click()
	await expect(page.getByText('Duration must be at least 5 minutes')).toBeVisible()
	await expect(page.getByLabel('Title')).toHaveValue('Pendulums')
	await page.getByRole('link', { name: 'Back to schedule' }).click()

	const { date } = await createSession(page, { course: 'Physics Lab', title: 'Pendulums', days: 7 })
	await expect(page).toHaveURL(new RegExp(`week=${date}$`))
	await expect(stat(page, 'Sessions in this week')).toHaveText('1')
	const week = page.getByRole('region', { name: /^Week of/ })
	await expect(week.getByText('Pendulums', { exact: true })).toBeVisible()
	await page.getByRole('link', { name: 'Previous week' }).click()
	await expect(stat(page, 'Sessions this week')).toHaveText('1')
	await expect(
		page.getByRole('region', { name: /^Week of/ }).getByText('Pendulums', { exact: true }),
	).toHaveCount(0)
	await page.getByRole('link', { name: 'Next week' }).click()
	await expect(
		page.getByRole('region', { name: /^Week of/ }).getByText('Pendulums', { exact: true }),
	).toBeVisible()

	await page.getByRole('link', { name: /^Edit Pendulums/ }).click()
	await expect(page.getByRole('heading', { name: 'Edit session' })).toBeVisible()
	await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60')
	await page.getByLabel('Title').fill('Pendulums and springs')
	await page.getByLabel('Duration (minutes)').fill('90')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Schedule updated successfully')).toBeVisible()
	await expect(stat(page, 'Hours in this week')).toHaveText('1.5 hours')
	const table = page.getByRole('table')
	await expect(table.getByText('Pendulums and springs', { exact: true })).toBeVisible()

	await table
		.locator('tr', { hasText: 'Pendulums and springs' })
		.getByText('Delete', { exact: true })
		.click()
	await table.getByRole('button', { name: /^Yes, delete Pendulums and springs/ }).click()
	await expect(page.getByText('Schedule deleted successfully')).toBeVisible()
	await expect(
		page.getByRole('table').getByText('Lab safety briefing', { exact: true }),
	).toBeVisible()
	await expect(
		page.getByRole('table').getByText('Pendulums and springs', { exact: true }),
	).toHaveCount(0)
	await expect(page.getByRole('table')).toContainText('All sessions (1)')

	// The viewer may choose the zone times are shown in.
	await page.goto('/teachersdashboard/schedule')
	await page.getByText(/^Times are shown in/).click()
	await page.getByLabel('Show times in').selectOption('Asia/Tokyo')
	await page.getByRole('button', { name: 'Save time zone' }).click()
	await expect(page.getByText(/^Times are shown in/)).toContainText('Asia/Tokyo')
})
