import { request, type Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logOut, test, wallClockIn } from './fixtures'
import { enrolledCourse, password, registerAccount, signIn, uniqueWord } from './library-fixtures'

// A viewer in New York. With JavaScript the browser says so (TimeZoneSync stores it in the `tz`
// cookie); without it the viewer chooses the zone once, in any page's time-zone form, and the
// same cookie carries it from then on.
const ZONE = 'America/New_York'
test.use({ timezoneId: ZONE })

const HOUR = 60 * 60 * 1000

/** The Due date field's value for an instant, in ZONE. */
function wallClock(instant: number) {
	const { date, time } = wallClockIn(ZONE, instant)
	return `${date}T${time}`
}

/** What the app shows for an instant: 'Nov 25, 2026, 11:40 AM EST'. */
const shown = (instant: number) =>
	new Intl.DateTimeFormat('en-US', {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		hour12: true,
		timeZone: ZONE,
		timeZoneName: 'short',
	})
		.format(new Date(instant))
		.replace(/[\u202f\u00a0]/g, ' ')

/** The viewer's zone is New York: picked up from the browser, or chosen in the page's form. */
async function inNewYork(page: Page) {
	if (test.info().project.name === 'no-js') {
		await expect(page.getByText('Times are shown in UTC.')).toBeVisible()
		await page.getByText('Change time zone').click()
		await page.getByLabel('Show times in').selectOption(ZONE)
		await page.getByRole('button', { name: 'Save time zone' }).click()
	}
	await expect(page.getByText(`Times are shown in ${ZONE}.`)).toBeVisible()
}

async function apiToken(email: string) {
	const api = await request.newContext()
	try {
		const login = await api.post(`${apiUrl}/auth/login`, { data: { email, password } })
		return (await login.json()).user.accessToken as string
	} finally {
		await api.dispose()
	}
}

test('a teacher in New York sets a due time in New York time, and work handed in before it is on time', async ({
	page,
}) => {
	test.slow()
	const teacher = await registerAccount('tutor', 'Maya', 'Brooks')
	const student = await registerAccount('student', 'Leo', 'Park')
	const course = `Geometry ${uniqueWord('c')}`
	await enrolledCourse(teacher, [student], course)
	const title = `Angles ${uniqueWord('t')}`
	// Due an hour from now, to the minute: read as UTC it would already be four or five hours past.
	const due = Math.floor((Date.now() + HOUR) / 60_000) * 60_000

	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/tasks')
	await inNewYork(page)
	await expect(page.getByText(`Time zone: ${ZONE}.`).first()).toBeVisible()
	await page.getByLabel('Course').selectOption({ label: course })
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Due date').fill(wallClock(due))
	await page.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('Task created successfully')).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText(shown(due))

	// The stored deadline is the New York instant.
	const href = await row
		.getByRole('link', { name: `Submissions for ${title}` })
		.getAttribute('href')
	const taskId = new URL(href ?? '', 'http://app').searchParams.get('taskId')
	const api = await request.newContext({
		extraHTTPHeaders: { Authorization: `Bearer ${await apiToken(teacher.email)}` },
	})
	const detail = await api.get(`${apiUrl}/tasks/${taskId}/submissions/detailed`)
	expect((await detail.json()).taskInfo.dueDate).toBe(new Date(due).toISOString())
	await api.dispose()

	// The edit form shows the same wall-clock time it was given.
	await page.getByRole('link', { name: `Edit ${title}` }).click()
	await expect(page.getByLabel('Due date')).toHaveValue(wallClock(due))
	// The schedule, on the same account, uses the same zone.
	await page.goto('/teachersdashboard/schedule')
	await expect(page.getByText(`Times are shown in ${ZONE}.`)).toBeVisible()

	// Announcements carry the zone's name too.
	await page.goto('/teachersdashboard/announcement/list')
	await page.getByLabel('Audience').selectOption({ label: course })
	await page.getByLabel('Title').fill(`Note ${title}`)
	await page.getByLabel('Message').fill('The angles task is due in an hour.')
	await page.getByRole('button', { name: 'Post announcement' }).click()
	await expect(page.getByText('Announcement posted successfully')).toBeVisible()
	await expect(
		page.getByText(
			/Students of .* · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T · Read by 0 students/,
		),
	).toBeVisible()
	await logOut(page)

	await signIn(page, student.email)
	await page.goto('/studentdashboard/tasks')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(shown(due))
	await page.getByRole('link', { name: title }).click()
	await expect(page.getByText(shown(due))).toBeVisible()
	await expect(page.getByText('The due date has passed')).toHaveCount(0)
	await page.getByLabel('Your file').setInputFiles({
		name: 'angles.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from('90 degrees'),
	})
	await page.getByRole('button', { name: 'Submit task' }).click()
	await expect(page.getByText('Task submitted successfully')).toBeVisible()
	await expect(page.getByText('Submitted', { exact: true })).toBeVisible()
	await expect(page.getByText('Late', { exact: true })).toHaveCount(0)
	await page.goto('/studentdashboard/announcements')
	await expect(
		page.getByText(/Geometry \w+ · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T/),
	).toBeVisible()
})

test('a student in New York sees test times in New York time', async ({ page }) => {
	const student = await registerAccount('student', 'Ana', 'Reyes')
	const api = await request.newContext({
		extraHTTPHeaders: { Authorization: `Bearer ${await apiToken(student.email)}` },
	})
	const list = await (await api.get(`${apiUrl}/qa/templates?limit=100&isActive=1`)).json()
	await api.dispose()
	const seeded = list.templates.find(
		(template: { title: string }) => template.title === 'Algebra Foundations: quick check',
	)

	await signIn(page, student.email)
	// Without JavaScript the zone is chosen once, on the sessions page; the cookie carries it.
	await page.goto('/studentdashboard/sessions')
	await inNewYork(page)
	await page.goto(`/studentdashboard/test/${seeded.id}`)
	await page.getByRole('button', { name: 'Start test' }).click()
	const closing =
		test.info().project.name === 'js'
			? /Ends at \d{1,2}:\d\d [AP]M E[SD]T/
			: /This test closes at \d{1,2}:\d\d [AP]M E[SD]T/
	await expect(page.getByText(closing)).toBeVisible()
	await page.getByRole('button', { name: 'Submit test' }).click()
	await expect(page.getByText('Test submitted successfully!')).toBeVisible()
	await expect(
		page.getByText(/Submitted on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T/),
	).toBeVisible()
	await page.goto('/studentdashboard/test-results')
	await expect(page.getByRole('row', { name: /Algebra Foundations: quick check/ })).toContainText(
		/E[SD]T/,
	)
})
