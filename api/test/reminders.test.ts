import { beforeAll, describe, expect, test } from 'vitest'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { apiForFile, call, login, uniqueEmail } from './helpers.ts'

// Issue 31's reminders (decision 038) over HTTP on a fresh database. The clock is the test hook's
// `at`: a sweep as if it were then, no waiting.

const PASSWORD = 'Lantern-Harbour-42'
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

const api = apiForFile()
let teacher: string
beforeAll(async () => {
	teacher = (await login(api, 'teacher@example.com')).token
})

/** A student who logged in from `timeZone` (the zone the app sends with the login). */
async function student(timeZone = 'Europe/Paris') {
	const email = uniqueEmail('pupil')
	const made = await call(api, 'POST', '/auth/register-student', {
		json: { firstName: 'Rem', lastName: 'Inder', email, password: PASSWORD },
	})
	expect(made.status).toBe(201)
	const answer = await call(api, 'POST', '/auth/login', {
		json: { email, password: PASSWORD, timeZone },
	})
	return { email, token: answer.body.user.accessToken as string, id: answer.body.user.id as string }
}

async function courseWith(emails: string[]) {
	const made = await call(api, 'POST', '/__test/enrolled-course', {
		json: {
			tutorEmail: 'teacher@example.com',
			title: `Optics ${Date.now()}`,
			studentEmails: emails,
		},
	})
	expect(made.status).toBe(201)
	return made.body.courseId as string
}

/** A session three days from now at 10:00 in New York; answers its id and start. */
async function session(courseId: string, title = 'Mirrors') {
	const date = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10)
	const answer = await call(api, 'POST', '/schedule/create', {
		token: teacher,
		body: new URLSearchParams({
			courseId,
			title,
			scheduledDate: date,
			startTime: '10:00',
			duration: '45',
			timeZone: 'America/New_York',
		}),
	})
	expect(answer.status).toBe(201)
	const row = await api.db
		.selectFrom('schedules')
		.select('starts_at')
		.where('id', '=', answer.body.id)
		.executeTakeFirstOrThrow()
	return { id: answer.body.id as string, startsAt: row.starts_at }
}

async function task(courseId: string, title = 'Lens diagram') {
	const form = new FormData()
	form.set('courseId', courseId)
	form.set('title', title)
	const due = new Date(Math.floor((Date.now() + 3 * DAY) / 60_000) * 60_000)
	form.set('dueDate', due.toISOString())
	const answer = await call(api, 'POST', '/tasks/create-task', { token: teacher, body: form })
	expect(answer.status).toBe(201)
	return { id: answer.body.task.id as string, due }
}

async function submit(taskId: string, token: string) {
	const work = new FormData()
	work.set('file', new Blob(['f = 10 cm'], { type: 'text/plain' }), 'lens.txt')
	const answer = await call(api, 'POST', `/tasks/${taskId}/submit`, { token, body: work })
	expect(answer.status).toBe(201)
	return (answer.body.submission?.id ?? answer.body.data?.id) as string
}

const sweepAt = async (at: Date) => {
	const answer = await call(api, 'POST', '/__test/reminders/sweep', {
		json: { at: at.toISOString() },
	})
	expect(answer.status).toBe(200)
	await afterAnswersDone()
	return answer.body.given as number
}

const mailsTo = (email: string, kind: string) =>
	api.db
		.selectFrom('mail_outbox')
		.select(['subject', 'text_body', 'headers'])
		.where('to_address', '=', email)
		.where('kind', '=', kind)
		.orderBy('created_at')
		.execute()

describe('sessions', () => {
	test('a student is reminded a day and an hour before, once each, in their own time zone', async () => {
		const pupil = await student('Europe/Paris')
		const courseId = await courseWith([pupil.email])
		const { startsAt } = await session(courseId)
		const before = (ms: number) => new Date(startsAt.getTime() - ms)

		await sweepAt(before(25 * HOUR))
		expect(await mailsTo(pupil.email, 'sessionReminders')).toEqual([])

		await sweepAt(before(23 * HOUR))
		await sweepAt(before(22 * HOUR))
		const day = await mailsTo(pupil.email, 'sessionReminders')
		expect(day.map((mail) => mail.subject)).toEqual(['Reminder: “Mirrors” starts tomorrow'])
		// 10:00 in New York is 16:00 in Paris (both zones on standard or both on summer time).
		expect(day[0]?.text_body).toMatch(/starts on \w+ \d+ \w+ \d{4} at 1[56]:00 \(Europe\/Paris\)\./)
		expect(day[0]?.headers).toHaveProperty('List-Unsubscribe')

		await sweepAt(before(30 * 60 * 1000))
		await sweepAt(before(10 * 60 * 1000))
		expect((await mailsTo(pupil.email, 'sessionReminders')).map((mail) => mail.subject)).toEqual([
			'Reminder: “Mirrors” starts tomorrow',
			'Reminder: “Mirrors” starts within the hour',
		])
		// The dashboard lists it while it is ahead.
		const listed = await call(api, 'GET', '/reminders', { token: pupil.token })
		expect(listed.status).toBe(200)
		expect(listed.body.reminders).toEqual([
			expect.objectContaining({ kind: 'session', title: 'Mirrors', at: startsAt.toISOString() }),
		])
	})

	test('never for a cancelled session', async () => {
		const pupil = await student()
		const courseId = await courseWith([pupil.email])
		const { id, startsAt } = await session(courseId, 'Prisms')
		expect((await call(api, 'POST', `/schedule/${id}/cancel`, { token: teacher })).status).toBe(200)
		await afterAnswersDone()
		await sweepAt(new Date(startsAt.getTime() - 23 * HOUR))
		await sweepAt(new Date(startsAt.getTime() - 30 * 60 * 1000))
		expect(await mailsTo(pupil.email, 'sessionReminders')).toEqual([])
		expect((await call(api, 'GET', '/reminders', { token: pupil.token })).body.reminders).toEqual(
			[],
		)
	})

	test('the switch in the notification settings stops the mail; the dashboard still shows it', async () => {
		const pupil = await student()
		const off = await call(api, 'PUT', '/account/notifications', {
			token: pupil.token,
			json: { sessionReminders: false },
		})
		expect(off.status).toBe(200)
		expect(off.body.notifications).toMatchObject({ sessionReminders: false, taskReminders: true })
		const courseId = await courseWith([pupil.email])
		const { startsAt } = await session(courseId, 'Lenses')
		await sweepAt(new Date(startsAt.getTime() - 23 * HOUR))
		expect(await mailsTo(pupil.email, 'sessionReminders')).toEqual([])
		const listed = await call(api, 'GET', '/reminders', { token: pupil.token })
		expect(listed.body.reminders.map((item: { title: string }) => item.title)).toEqual(['Lenses'])
	})
})

describe('tasks', () => {
	test('a student is reminded of a task due within a day unless they submitted it, once', async () => {
		const idle = await student('Asia/Tokyo')
		const busy = await student()
		const courseId = await courseWith([idle.email, busy.email])
		const { id, due } = await task(courseId)
		await submit(id, busy.token)

		await sweepAt(new Date(due.getTime() - 25 * HOUR))
		expect(await mailsTo(idle.email, 'taskReminders')).toEqual([])
		await sweepAt(new Date(due.getTime() - 23 * HOUR))
		await sweepAt(new Date(due.getTime() - 2 * HOUR))
		const mails = await mailsTo(idle.email, 'taskReminders')
		expect(mails.map((mail) => mail.subject)).toEqual([
			'Reminder: “Lens diagram” is due within a day',
		])
		expect(mails[0]?.text_body).toContain('(Asia/Tokyo), and you have not submitted it yet.')
		expect(await mailsTo(busy.email, 'taskReminders')).toEqual([])
		// Submitted since: off the dashboard.
		expect(
			(await call(api, 'GET', '/reminders', { token: idle.token })).body.reminders,
		).toHaveLength(1)
		await submit(id, idle.token)
		expect((await call(api, 'GET', '/reminders', { token: idle.token })).body.reminders).toEqual([])
	})
})

describe('grading', () => {
	test('a teacher is reminded once of a submission ungraded for three days', async () => {
		const pupil = await student()
		const courseId = await courseWith([pupil.email])
		const { id } = await task(courseId, 'Ray tracing')
		const submissionId = await submit(id, pupil.token)
		const submitted = new Date()
		const ours = async () =>
			(await mailsTo('teacher@example.com', 'gradingReminders')).filter((mail) =>
				mail.subject.includes('Ray tracing'),
			)

		await sweepAt(new Date(submitted.getTime() + 2 * DAY))
		expect(await ours()).toEqual([])
		await sweepAt(new Date(submitted.getTime() + 3 * DAY + HOUR))
		await sweepAt(new Date(submitted.getTime() + 5 * DAY))
		expect((await ours()).map((mail) => mail.subject)).toEqual([
			'Reminder: a submission to “Ray tracing” waits for a grade',
		])
		const listed = async () =>
			(await call(api, 'GET', '/reminders', { token: teacher })).body.reminders.filter(
				(item: { title: string }) => item.title === 'Ray tracing',
			)
		expect(await listed()).toHaveLength(1)
		const graded = await call(api, 'PATCH', `/tasks/${submissionId}/grade`, {
			token: teacher,
			json: { grade: 90 },
		})
		expect(graded.status).toBe(200)
		expect(await listed()).toEqual([])
	})
})

describe('once per event', () => {
	test('sweeps at the same moment give each reminder once', async () => {
		const pupils = await Promise.all([student(), student(), student()])
		const courseId = await courseWith(pupils.map((pupil) => pupil.email))
		const { startsAt } = await session(courseId, 'Spectra')
		const at = new Date(startsAt.getTime() - 20 * HOUR)
		await Promise.all(Array.from({ length: 4 }, () => sweepAt(at)))
		for (const pupil of pupils) {
			expect(await mailsTo(pupil.email, 'sessionReminders')).toHaveLength(1)
		}
	})

	test('a sweep with a bad time is refused and gives nothing', async () => {
		const answer = await call(api, 'POST', '/__test/reminders/sweep', { json: { at: 'tomorrow' } })
		expect(answer.status).toBe(400)
	})
})
