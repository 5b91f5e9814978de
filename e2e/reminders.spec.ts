import type { APIRequestContext } from '@playwright/test'
import { apiUrl, appPort } from '../playwright.config'
import { demoPassword, expect, logIn, logOut, test, uniqueEmail } from './fixtures'
import { mailsTo, waitForMail } from './mailbox'

// Reminders (issue 31, decision 038), JavaScript on and off: a session's reminder arrives in the
// test mailbox a day before it, written in the student's time zone, and shows on the dashboard;
// the notification setting turns the mail off. The API's clock is the test hook's `at`, no wait.

const PASSWORD = 'a-good-password'
const appOrigin = `http://127.0.0.1:${appPort}`
const HOUR = 60 * 60 * 1000

async function sweepAt(request: APIRequestContext, at: number) {
	const answer = await request.post(`${apiUrl}/__test/reminders/sweep`, {
		data: { at: new Date(at).toISOString() },
	})
	expect(answer.status()).toBe(200)
	return (await answer.json()) as { given: number; mailed: number; mailedTo: string[] }
}

test('a session reminder arrives a day before, in the student’s zone; the setting turns it off', async ({
	page,
	request,
}) => {
	test.slow()
	const student = uniqueEmail('reminded')
	const registered = await request.post(`${apiUrl}/auth/register-student`, {
		data: { firstName: 'Rhea', lastName: 'Minder', email: student, password: PASSWORD },
	})
	expect(registered.status()).toBe(201)
	const course = `Optics ${Date.now().toString(36)}`
	const made = await request.post(`${apiUrl}/__test/enrolled-course`, {
		data: { tutorEmail: 'teacher@example.com', title: course, studentEmails: [student] },
	})
	expect(made.status()).toBe(201)
	const teacher = await request.post(`${apiUrl}/auth/login`, {
		data: { email: 'teacher@example.com', password: demoPassword },
	})
	const title = `Mirrors ${Date.now().toString(36)}`
	// Three days ahead at 09:00 UTC (18:00 in Tokyo), or 13:00 (22:00) for the other project: a
	// sweep of one run gives the other's reminders due at its time, so they are hours apart.
	const hour = test.info().project.name === 'js' ? 9 : 13
	const start = new Date(Date.now() + 3 * 24 * HOUR)
	start.setUTCHours(hour, 0, 0, 0)
	const session = await request.post(`${apiUrl}/schedule/create`, {
		headers: { authorization: `Bearer ${(await teacher.json()).user.accessToken}` },
		form: {
			courseId: (await made.json()).courseId,
			title,
			scheduledDate: start.toISOString().slice(0, 10),
			startTime: `${String(hour).padStart(2, '0')}:00`,
			duration: '45',
			timeZone: 'UTC',
		},
	})
	expect(session.status()).toBe(201)

	// The student's browser is in Tokyo (the zone a browser with JavaScript sets on its first
	// visit, or the one chosen on the sessions page); logging in tells the API.
	await page.context().addCookies([{ name: 'tz', value: 'Asia%2FTokyo', url: appOrigin }])
	await logIn(page, student, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)

	// 25 hours before: nothing yet. 23 hours before: the reminder.
	expect((await sweepAt(request, start.getTime() - 25 * HOUR)).mailedTo).not.toContain(student)
	await sweepAt(request, start.getTime() - 23 * HOUR)
	const mail = await waitForMail(student, `Reminder: “${title}” starts tomorrow`)
	expect(mail.text).toContain(`"${title}" in ${course} starts on`)
	expect(mail.text).toContain(`at ${hour + 9}:00 (Asia/Tokyo).`)
	await page.reload()
	const reminders = page.getByRole('region', { name: 'Reminders' })
	await expect(reminders.getByRole('link', { name: title })).toBeVisible()

	// Turned off in the profile: the hour-before reminder is given (the dashboard keeps it) but
	// not mailed.
	await page.goto('/studentdashboard/profile')
	const settings = page.getByRole('region', { name: 'Email notifications' })
	const box = settings.getByLabel('Remind me of a session a day and an hour before it')
	await expect(box).toBeChecked()
	await box.uncheck()
	await settings.getByRole('button', { name: 'Save notification settings' }).click()
	await expect(page.getByText('Notification settings saved')).toBeVisible()
	await expect(box).not.toBeChecked()
	const hourBefore = await sweepAt(request, start.getTime() - 30 * 60 * 1000)
	expect(hourBefore.given).toBeGreaterThanOrEqual(1)
	expect(hourBefore.mailedTo).not.toContain(student)
	expect(mailsTo(student).filter((m) => m.subject.includes('within the hour'))).toEqual([])
	await page.goto('/studentdashboard')
	await expect(reminders.getByRole('link', { name: title })).toBeVisible()
	await logOut(page)
})
