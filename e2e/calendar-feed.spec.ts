import { request, type Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { parseFeed } from '../api/test/ical-helpers'
import { apiToken } from './course-helpers'
import { expect, test } from './fixtures'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

// Issue 19: each student and teacher subscribes to their sessions from the sessions or schedule
// page. The journeys fetch the address as a calendar app would (no session, no cookie), parse it
// with ical.js, watch a cancellation arrive, and reset the address (JavaScript on and off).

/** A teacher, an enrolled student and one planned session, made through the API. */
async function classWithSession() {
	const teacher = await registerAccount('tutor', 'Cora', 'Lindqvist')
	const student = await registerAccount('student', 'Milo', 'Okafor')
	const courseId = await enrolledCourse(teacher, [student], `Stargazing ${uniqueWord('c')}`)
	const api = await request.newContext()
	try {
		const token = await apiToken(api, teacher.email)
		const answer = await api.post(`${apiUrl}/schedule/create`, {
			headers: { authorization: `Bearer ${token}` },
			multipart: {
				courseId,
				title: 'Orion, Taurus; and more',
				scheduledDate: '2030-03-30',
				startTime: '20:00',
				duration: '60',
				timeZone: 'Europe/Berlin',
			},
		})
		if (answer.status() !== 201) throw new Error(`create session: ${answer.status()}`)
		const { schedule } = (await answer.json()) as { schedule: { id: string; startsAt: string } }
		const cancel = async () => {
			const again = await request.newContext()
			try {
				const cancelled = await again.post(`${apiUrl}/schedule/${schedule.id}/cancel`, {
					headers: { authorization: `Bearer ${await apiToken(again, teacher.email)}` },
				})
				if (cancelled.status() !== 200) throw new Error(`cancel: ${cancelled.status()}`)
			} finally {
				await again.dispose()
			}
		}
		return { teacher, student, schedule, cancel }
	} finally {
		await api.dispose()
	}
}

/** Fetches a feed like a calendar app: a fresh client with no cookies. */
async function subscribe(url: string, headers: Record<string, string> = {}) {
	const app = await request.newContext()
	try {
		const answer = await app.get(url, { headers })
		return {
			status: answer.status(),
			type: answer.headers()['content-type'],
			etag: answer.headers()['etag'],
			lastModified: answer.headers()['last-modified'],
			text: await answer.text(),
		}
	} finally {
		await app.dispose()
	}
}

async function feedAddress(page: Page) {
	const feed = page.getByRole('region', { name: 'Calendar feed' })
	await expect(feed).toBeVisible()
	const url = await feed.getByLabel('Calendar address').inputValue()
	expect(url).toMatch(/^http:\/\/[^/]+\/calendar\/[0-9a-f]{32}[\w-]{43}\.ics$/)
	await expect(feed.getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
		'href',
		url.replace(/^http:/, 'webcal:'),
	)
	return url
}

test('a student subscribes to their sessions, sees a cancellation arrive and resets the link', async ({
	page,
}) => {
	const { student, schedule, cancel } = await classWithSession()
	await signIn(page, student.email)
	await page.goto('/studentdashboard/sessions')
	const url = await feedAddress(page)

	const feed = await subscribe(url)
	expect(feed.status).toBe(200)
	expect(feed.type).toBe('text/calendar; charset=utf-8')
	const event = parseFeed(feed.text).events.find((entry) => entry.uid === `${schedule.id}@tutorhub`)
	expect(event).toMatchObject({
		summary: expect.stringMatching(/^Orion, Taurus; and more \(Stargazing /),
		status: 'CONFIRMED',
		zone: 'Europe/Berlin',
		start: schedule.startsAt,
	})

	// Polled again unchanged (issue 28): 304 Not Modified, no body, by ETag or by date.
	const unchanged = await subscribe(url, { 'If-None-Match': feed.etag! })
	expect(unchanged).toMatchObject({ status: 304, etag: feed.etag, text: '' })
	expect((await subscribe(url, { 'If-Modified-Since': feed.lastModified! })).status).toBe(304)

	await cancel()
	expect((await subscribe(url, { 'If-None-Match': feed.etag! })).status).toBe(200)
	const cancelled = parseFeed((await subscribe(url)).text).events.find(
		(entry) => entry.uid === `${schedule.id}@tutorhub`,
	)
	expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 1 })

	await page.getByRole('button', { name: 'Reset link' }).click()
	await expect(page.getByText('Calendar link reset')).toBeVisible()
	const fresh = await feedAddress(page)
	expect(fresh).not.toBe(url)
	expect((await subscribe(url)).status).toBe(404)
	expect((await subscribe(fresh)).status).toBe(200)
})

test('a teacher finds the feed on the schedule page and it holds their session', async ({
	page,
}) => {
	const { teacher, schedule } = await classWithSession()
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/schedule')
	const url = await feedAddress(page)
	await expect(
		page.getByText('The feed holds your next 500 sessions and up to 500 of the last 90 days'),
	).toBeVisible()
	const calendar = parseFeed((await subscribe(url)).text)
	expect(calendar.name).toBe('TutorHub: Cora Lindqvist')
	expect(calendar.timezones).toEqual(['Europe/Berlin'])
	expect(calendar.events.map((event) => event.uid)).toEqual([`${schedule.id}@tutorhub`])
})

test('with JavaScript, Copy address puts the address on the clipboard', async ({
	page,
	context,
}, testInfo) => {
	test.skip(
		testInfo.project.name === 'no-js',
		'copying by button needs JavaScript; the field is selectable without it',
	)
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	const { student } = await classWithSession()
	await signIn(page, student.email)
	await page.goto('/studentdashboard/sessions')
	const url = await feedAddress(page)
	await page.getByRole('button', { name: 'Copy address' }).click()
	await expect(page.getByText('Address copied')).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
})
