import { sql } from 'kysely'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { log } from '../src/platform/log.ts'
import { apiForFile, call, login, registerStudent, uniqueEmail } from './helpers.ts'
import { longestLine, parseFeed } from './ical-helpers.ts'

const api = apiForFile()
let teacher = ''
let otherTeacher = ''
let student = { token: '', email: '' }
let outsider = ''
let courseId = ''

beforeAll(async () => {
	const email = uniqueEmail('tutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName: 'Cal', lastName: 'Endar', email, password: 'Lantern-Harbour-42' },
	})
	teacher = (await login(api, email, 'Lantern-Harbour-42')).token
	const enrolled = await registerStudent(api, { firstName: 'Sam', lastName: 'Feed' })
	student = { token: enrolled.token, email: enrolled.email }
	outsider = (await registerStudent(api)).token
	const created = await call(api, 'POST', '/__test/enrolled-course', {
		json: {
			tutorEmail: email,
			title: 'Astronomy, Stars; and "Planets"',
			studentEmails: [enrolled.email],
		},
	})
	courseId = created.body.courseId
	otherTeacher = (await login(api, 'teacher@example.com')).token
})

async function plan(fields: Record<string, string>, by = { token: teacher, courseId }) {
	const form = new FormData()
	const values = {
		courseId: by.courseId,
		title: 'Night sky',
		scheduledDate: '2030-03-30',
		startTime: '20:00',
		duration: '90',
		timeZone: 'Europe/Berlin',
		...fields,
	}
	for (const [key, value] of Object.entries(values)) form.append(key, value)
	const answer = await call(api, 'POST', '/schedule/create', { token: by.token, body: form })
	expect(answer.status).toBe(201)
	return answer.body.schedule as { id: string; startsAt: string; endsAt: string }
}

/** A session at 10:00 UTC a week from today, planned through the API. */
const planNextWeek = (by: { token: string; courseId: string }) =>
	plan(
		{
			title: 'Next week',
			scheduledDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
			startTime: '10:00',
			duration: '60',
			timeZone: 'UTC',
		},
		by,
	)

/**
 * `count` sessions of a course written in SQL, `${prefix}1` to `${prefix}${count}`, the first at
 * now (to the minute) + `from` and each `step` after the one before (intervals; negative goes back).
 */
async function addSessions(
	course: string,
	prefix: string,
	count: number,
	{ from, step }: { from: string; step: string },
) {
	await sql`
		INSERT INTO schedules (course_id, tutor_id, title, scheduled_date, start_time, duration,
			time_zone, starts_at, ends_at)
		SELECT c.id, c.tutor_id, ${prefix} || n, to_char(at, 'YYYY-MM-DD'), to_char(at, 'HH24:MI'),
			30, 'UTC', at, at + interval '30 minutes'
		FROM courses c, generate_series(1, ${count}::int) AS n,
			LATERAL (SELECT date_trunc('minute', now()) + ${from}::interval
				+ (n - 1) * ${step}::interval AS at) t
		WHERE c.id = ${course}`.execute(api.db)
}

const feedOf = async (token: string) => {
	const answer = await call(api, 'GET', '/calendar/feed', { token })
	expect(answer.status).toBe(200)
	return answer.body.feed as { token: string; createdAt: string }
}

/** A new teacher with a course of no students, for filling with sessions in SQL. */
async function teacherWithCourse(name: string, title: string) {
	const email = uniqueEmail(name)
	await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName: 'Tea', lastName: 'Cher', email, password: 'Lantern-Harbour-42' },
	})
	const token = (await login(api, email, 'Lantern-Harbour-42')).token
	const created = await call(api, 'POST', '/__test/enrolled-course', {
		json: { tutorEmail: email, title, studentEmails: [] },
	})
	return { token, courseId: created.body.courseId as string }
}

/** The feed as a calendar app fetches it: no session, no cookie. */
async function subscribe(feedToken: string) {
	const response = await fetch(`${api.baseUrl}/calendar/feeds/${feedToken}.ics`)
	return {
		status: response.status,
		type: response.headers.get('content-type'),
		text: await response.text(),
	}
}

describe('the calendar feed', () => {
	test('a student’s feed holds their course’s sessions in the teacher’s zone, read without a session', async () => {
		const session = await plan({
			title: 'Night sky, part 1; the Moon',
			description: `Bring binoculars.\nWe meet on the roof — 屋上で会いましょう. ${'Long text '.repeat(12)}`,
		})
		const feed = await feedOf(student.token)
		expect(feed.token).toMatch(/^[0-9a-f]{32}[A-Za-z0-9_-]{43}$/)
		// The same address on every visit until it is reset.
		expect((await feedOf(student.token)).token).toBe(feed.token)

		const answer = await subscribe(feed.token)
		expect(answer.status).toBe(200)
		expect(answer.type).toBe('text/calendar; charset=utf-8')
		expect(longestLine(answer.text)).toBeLessThanOrEqual(75)
		expect(answer.text).toContain('DTSTART;TZID=Europe/Berlin:20300330T200000')
		expect(answer.text).toContain(
			'SUMMARY:Night sky\\, part 1\\; the Moon (Astronomy\\, Stars\\; and "Planets")',
		)
		const calendar = parseFeed(answer.text)
		expect(calendar.version).toBe('2.0')
		expect(calendar.name).toBe('TutorHub: Sam Feed')
		expect(calendar.timezones).toContain('Europe/Berlin')
		const event = calendar.events.find((entry) => entry.uid === `${session.id}@tutorhub`)
		expect(event).toMatchObject({
			summary: 'Night sky, part 1; the Moon (Astronomy, Stars; and "Planets")',
			description:
				`Bring binoculars.\nWe meet on the roof — 屋上で会いましょう. ${'Long text '.repeat(12)}`.trimEnd(),
			status: 'CONFIRMED',
			sequence: 0,
			zone: 'Europe/Berlin',
			// 20:00 in Berlin on the day summer time starts is 18:00 UTC.
			start: '2030-03-30T19:00:00.000Z',
			end: '2030-03-30T20:30:00.000Z',
		})
		expect(event?.start).toBe(session.startsAt)
		expect(event?.end).toBe(session.endsAt)
	})

	test('a change raises SEQUENCE and LAST-MODIFIED; a cancel stays in the feed as CANCELLED', async () => {
		const session = await plan({ title: 'Comets', scheduledDate: '2030-07-01', timeZone: 'UTC' })
		const { token } = await feedOf(teacher)
		const eventIn = async () =>
			parseFeed((await subscribe(token)).text).events.find(
				(entry) => entry.uid === `${session.id}@tutorhub`,
			)
		const first = await eventIn()
		expect(first).toMatchObject({
			status: 'CONFIRMED',
			sequence: 0,
			zone: null,
			start: '2030-07-01T20:00:00.000Z',
		})

		await new Promise((resolve) => setTimeout(resolve, 1100))
		const edited = await call(api, 'PUT', `/schedules/${session.id}`, {
			token: teacher,
			json: { startTime: '21:15' },
		})
		expect(edited.status).toBe(200)
		const second = await eventIn()
		expect(second).toMatchObject({ sequence: 1, start: '2030-07-01T21:15:00.000Z' })
		expect(second!.lastModified > first!.lastModified).toBe(true)

		expect(
			(await call(api, 'POST', `/schedule/${session.id}/cancel`, { token: teacher })).status,
		).toBe(200)
		expect(await eventIn()).toMatchObject({
			status: 'CANCELLED',
			sequence: 2,
			uid: `${session.id}@tutorhub`,
		})
	})

	test('the feed speaks its owner’s language: a Spanish-speaking student’s is described in Spanish', async () => {
		const spanish = await registerStudent(api, { firstName: 'Lucía', lastName: 'Ruiz' })
		const english = parseFeed((await subscribe((await feedOf(spanish.token)).token)).text)
		expect(english.description).toBe(
			'Your TutorHub sessions. Your calendar app updates them about once an hour.',
		)
		await call(api, 'PUT', '/account/language', { token: spanish.token, json: { locale: 'es' } })
		const feed = parseFeed((await subscribe((await feedOf(spanish.token)).token)).text)
		expect(feed.name).toBe('TutorHub: Lucía Ruiz')
		expect(feed.description).toBe(
			'Tus sesiones de TutorHub. Tu aplicación de calendario las actualiza aproximadamente cada hora.',
		)
		expect(feed.appleDescription).toBe(feed.description)
	})

	test('each feed holds only its owner’s sessions', async () => {
		const session = await plan({ title: 'Only ours' })
		const uid = `${session.id}@tutorhub`
		const has = async (token: string) =>
			parseFeed((await subscribe((await feedOf(token)).token)).text).events.some(
				(event) => event.uid === uid,
			)
		expect(await has(teacher)).toBe(true)
		expect(await has(student.token)).toBe(true)
		expect(await has(otherTeacher)).toBe(false)
		expect(await has(outsider)).toBe(false)
	})

	test('a reset makes a new address; the old one, and any made-up one, is 404', async () => {
		const old = await feedOf(student.token)
		const reset = await call(api, 'POST', '/calendar/feed/reset', { token: student.token })
		expect(reset.status).toBe(200)
		expect(reset.body.message).toBe('Calendar link reset')
		expect(reset.body.feed.token).not.toBe(old.token)
		expect((await feedOf(student.token)).token).toBe(reset.body.feed.token)
		expect((await subscribe(reset.body.feed.token)).status).toBe(200)

		const revoked = await subscribe(old.token)
		expect(revoked.status).toBe(404)
		expect(revoked.text).toContain('Calendar not found')
		const fresh = reset.body.feed.token as string
		const flipped = `${fresh.slice(0, -1)}${fresh.endsWith('A') ? 'B' : 'A'}`
		for (const token of [
			flipped,
			`${'0'.repeat(32)}${fresh.slice(32)}`,
			'not-a-token',
			fresh.slice(0, 40),
			`${fresh}x`,
		]) {
			expect((await subscribe(token)).status, token).toBe(404)
		}
		// Without the `.ics` ending the address works too.
		expect((await fetch(`${api.baseUrl}/calendar/feeds/${fresh}`)).status).toBe(200)
	})

	test('only students and teachers have a feed, and only their own', async () => {
		const organization = await call(api, 'POST', '/auth/organization-login', {
			json: { email: 'organization@example.com', password: 'DemoPass123!' },
		})
		const orgToken = organization.body.user.accessToken
		expect((await call(api, 'GET', '/calendar/feed', { token: orgToken })).status).toBe(403)
		expect((await call(api, 'POST', '/calendar/feed/reset', { token: orgToken })).status).toBe(403)
		expect((await call(api, 'GET', '/calendar/feed')).status).toBe(403)
		expect((await call(api, 'POST', '/calendar/feed/reset')).status).toBe(403)
		// Two accounts never share an address.
		expect((await feedOf(teacher)).token).not.toBe((await feedOf(student.token)).token)
	})

	test('a busy teacher’s feed holds next week’s session and the newest 500 past ones (issue 28)', async () => {
		const busy = await teacherWithCourse('busy', 'Busy course')
		// 600 sessions in the last 25 days (the first feed took the oldest 1,000 of 90 days and
		// stopped there), one an hour, the newest 2 hours ago.
		await addSessions(busy.courseId, 'Past ', 600, { from: '-2 hours', step: '-1 hour' })
		await planNextWeek(busy)

		const { events } = parseFeed((await subscribe((await feedOf(busy.token)).token)).text)
		const titles = events.map((event) => event.summary.replace(/ \(Busy course\)$/, ''))
		expect(titles).toContain('Next week')
		// The past is cut at 500 sessions, the newest kept: Past 1 to Past 500, not Past 501.
		expect(titles.filter((title) => title.startsWith('Past '))).toHaveLength(500)
		expect(titles).toContain('Past 1')
		expect(titles).toContain('Past 500')
		expect(titles).not.toContain('Past 501')
	})
})

describe('polling the feed (issue 28)', () => {
	const fetchFeed = (token: string, headers: Record<string, string> = {}) =>
		fetch(`${api.baseUrl}/calendar/feeds/${token}.ics`, { headers })

	test('an unchanged feed answers 304 to If-None-Match and If-Modified-Since; a change answers the new feed', async () => {
		const { token } = await feedOf(teacher)
		const first = await fetchFeed(token)
		expect(first.status).toBe(200)
		await first.text()
		const etag = first.headers.get('etag')!
		const lastModified = first.headers.get('last-modified')!
		expect(etag).toMatch(/^"[\w-]{27}"$/)
		expect(new Date(lastModified).toUTCString()).toBe(lastModified)

		const again = await fetchFeed(token, { 'If-None-Match': etag })
		expect(again.status).toBe(304)
		expect(again.headers.get('etag')).toBe(etag)
		expect(await again.text()).toBe('')
		expect((await fetchFeed(token, { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304)
		expect((await fetchFeed(token, { 'If-Modified-Since': lastModified })).status).toBe(304)
		// If-None-Match decides when both are sent.
		const stale = await fetchFeed(token, {
			'If-None-Match': '"old"',
			'If-Modified-Since': lastModified,
		})
		expect(stale.status).toBe(200)
		await stale.text()

		await new Promise((resolve) => setTimeout(resolve, 1100))
		const session = await plan({ title: 'Meteors', scheduledDate: '2030-08-12', timeZone: 'UTC' })
		const changed = await fetchFeed(token, { 'If-None-Match': etag })
		expect(changed.status).toBe(200)
		expect(changed.headers.get('etag')).not.toBe(etag)
		expect(new Date(changed.headers.get('last-modified')!) > new Date(lastModified)).toBe(true)
		expect(await changed.text()).toContain(`${session.id}@tutorhub`)
		expect((await fetchFeed(token, { 'If-Modified-Since': lastModified })).status).toBe(200)

		// A removed session changes it too, though no session's change time moved.
		const etagWith = changed.headers.get('etag')!
		await api.db.deleteFrom('schedules').where('id', '=', session.id).execute()
		const removed = await fetchFeed(token, { 'If-None-Match': etagWith })
		expect(removed.status).toBe(200)
		expect(await removed.text()).not.toContain(`${session.id}@tutorhub`)
	})

	test('a teacher with more future sessions than the feed holds gets next week’s and the nearest 500', async () => {
		const crowded = await teacherWithCourse('crowded', 'Crowded course')
		// 600 sessions from 8 days on, one an hour: more than the feed holds, all after next week.
		await addSessions(crowded.courseId, 'Later ', 600, { from: '8 days 1 hour', step: '1 hour' })
		await planNextWeek(crowded)
		const { events } = parseFeed((await subscribe((await feedOf(crowded.token)).token)).text)
		const titles = events.map((event) => event.summary.replace(/ \(Crowded course\)$/, ''))
		// The nearest 500, in order: next week's session, then the first 499 after it.
		expect(titles).toHaveLength(500)
		expect(titles[0]).toBe('Next week')
		expect(titles[1]).toBe('Later 1')
		expect(titles.at(-1)).toBe('Later 499')
		expect(titles).not.toContain('Later 500')
	})

	test('a feed’s address is not written to the log: its request line names the parameter instead', async () => {
		const feed = await feedOf(teacher)
		const logged = vi.spyOn(log, 'info')
		try {
			expect((await subscribe(feed.token)).status).toBe(200)
			const lines = logged.mock.calls.filter(([, message]) => message === 'request')
			expect(lines).toContainEqual([
				expect.objectContaining({
					route: '/api/v1/calendar/feeds/:token',
					path: '/api/v1/calendar/feeds/:token',
				}),
				'request',
			])
			expect(JSON.stringify(logged.mock.calls)).not.toContain(feed.token)
		} finally {
			logged.mockRestore()
		}
	})

	test('a feed’s address is in no log line whatever form the path takes (issue 38)', async () => {
		const { token } = await feedOf(teacher)
		const escaped = `%${token.charCodeAt(0).toString(16)}${token.slice(1)}`
		const forms = [
			`/calendar/feeds/${token}/`,
			`/calendar/feeds/${token}/x`,
			`/calendar/feeds//${token}`,
			`/Calendar/feeds/${token}`,
			`/CALENDAR/FEEDS/${token}`,
			`/calendar/feeds/${escaped}`,
			`/calendar%2Ffeeds%2F${token}`,
			`/calendar/feeds/x${token}y`,
			`/calendarfeeds${token.slice(0, 40)}/${token.slice(40)}`,
		]
		const logged = vi.spyOn(log, 'info')
		try {
			for (const form of forms) await fetch(`${api.baseUrl}${form}`)
			const paths = logged.mock.calls
				.filter(([, message]) => message === 'request')
				.map(([line]) => (line as { path: string }).path)
			expect(paths).toHaveLength(forms.length)
			expect(JSON.stringify(logged.mock.calls)).not.toContain(token)
			expect(JSON.stringify(logged.mock.calls)).not.toContain(token.slice(40))
			// The calls that carry no address are still logged as they are.
			expect(paths).toContain('/api/v1/Calendar/feeds/:token')
		} finally {
			logged.mockRestore()
		}
		const plain = vi.spyOn(log, 'info')
		try {
			await call(api, 'GET', '/calendar/feed', { token: teacher })
			expect(plain.mock.calls).toContainEqual([
				expect.objectContaining({ path: '/api/v1/calendar/feed' }),
				'request',
			])
		} finally {
			plain.mockRestore()
		}
	})
})
