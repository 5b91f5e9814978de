import { beforeAll, describe, expect, test } from 'vitest'
import { apiForFile, call, login, registerStudent, uniqueEmail } from './helpers.ts'

const api = apiForFile()
const tokens = { teacher: '', student: '', otherTeacher: '', otherStudent: '', organization: '' }
let demoCourseId = ''
let otherCourseId = ''
let studentId = ''
let otherTeacherEmail = ''

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

// The whole demo seed runs first, which takes a while on a busy machine.
beforeAll(async () => {
	const teacher = await login(api, 'teacher@example.com')
	const student = await login(api, 'student@example.com')
	tokens.teacher = teacher.token
	tokens.student = student.token
	studentId = student.user.id
	const otherStudent = await registerStudent(api)
	tokens.otherStudent = otherStudent.token

	otherTeacherEmail = uniqueEmail('tutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: {
			firstName: 'Other',
			lastName: 'Tutor',
			email: otherTeacherEmail,
			password: 'Lantern-Harbour-42',
		},
	})
	tokens.otherTeacher = (await login(api, otherTeacherEmail, 'Lantern-Harbour-42')).token
	const created = await call(api, 'POST', '/__test/enrolled-course', {
		json: { tutorEmail: otherTeacherEmail, title: 'Geometry', studentEmails: [otherStudent.email] },
	})
	otherCourseId = created.body.courseId

	const courses = await call(api, 'GET', '/schedule/courses', { token: tokens.teacher })
	demoCourseId = courses.body.courses.find(
		(course: { title: string }) => course.title === 'Algebra Foundations',
	).id
	const organization = await call(api, 'POST', '/auth/organization-login', {
		json: { email: 'organization@example.com', password: 'DemoPass123!' },
	})
	tokens.organization = organization.body.user.accessToken
}, 120_000)

function scheduleForm(fields: Record<string, string> = {}) {
	const form = new FormData()
	const values = {
		courseId: demoCourseId,
		title: 'Factoring practice',
		scheduledDate: '2030-06-12',
		startTime: '15:30',
		duration: '90',
		timeZone: 'America/New_York',
		...fields,
	}
	for (const [key, value] of Object.entries(values)) form.append(key, value)
	return form
}

const create = (fields: Record<string, string> = {}, token = tokens.teacher) =>
	call(api, 'POST', '/schedule/create', { body: scheduleForm(fields), token })

async function createdId(fields: Record<string, string> = {}) {
	const answer = await create(fields)
	expect(answer.status).toBe(201)
	return answer.body.schedule.id as string
}

describe('GET /schedule/courses', () => {
	test('lists the teacher’s own courses only', async () => {
		const answer = await call(api, 'GET', '/schedule/courses', { token: tokens.teacher })
		expect(answer.status).toBe(200)
		expect(answer.body.courses).toContainEqual({ id: demoCourseId, title: 'Algebra Foundations' })
		const ids = answer.body.courses.map((course: { id: string }) => course.id)
		expect(ids).not.toContain(otherCourseId)
		const refused = await call(api, 'GET', '/schedule/courses', { token: tokens.student })
		expect(refused.status).toBe(403)
	})
})

describe('POST /schedule/create', () => {
	test('creates a session from a multipart form, times computed in the teacher’s zone', async () => {
		const answer = await create({ description: 'Bring worksheets' })
		expect(answer.status).toBe(201)
		expect(answer.body).toEqual({
			message: 'Schedule created successfully',
			id: answer.body.schedule.id,
			schedule: {
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				courseId: demoCourseId,
				courseTitle: 'Algebra Foundations',
				tutorId: expect.any(String),
				title: 'Factoring practice',
				description: 'Bring worksheets',
				scheduledDate: '2030-06-12',
				startTime: '15:30',
				duration: 90,
				timeZone: 'America/New_York',
				// June: daylight saving time, UTC-4.
				startsAt: '2030-06-12T19:30:00.000Z',
				endsAt: '2030-06-12T21:00:00.000Z',
				status: 'Scheduled',
				roomId: expect.stringMatching(/^[0-9a-f-]{36}$/),
				attendanceStatus: null,
				createdAt: expect.any(String),
				updatedAt: expect.any(String),
			},
		})
	})

	test('each session opens its own live classroom for the course’s teacher and students', async () => {
		const answer = await create({ title: 'Live revision' })
		const roomId = answer.body.schedule.roomId
		const room = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.student })
		expect(room.status).toBe(200)
		expect(JSON.stringify(room.body)).toContain('Live revision')
		expect(JSON.stringify(room.body)).toContain('classroom')
		const outsider = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.otherStudent })
		expect(outsider.status).toBe(403)
		const other = await create({ title: 'Another one' })
		expect(other.body.schedule.roomId).not.toBe(roomId)
	})

	test('winter dates use standard time; a form without a zone means UTC', async () => {
		const winter = await create({ scheduledDate: '2030-01-15' })
		expect(winter.body.schedule.startsAt).toBe('2030-01-15T20:30:00.000Z')
		const form = scheduleForm()
		form.delete('timeZone')
		const utc = await call(api, 'POST', '/schedule/create', { body: form, token: tokens.teacher })
		expect(utc.status).toBe(201)
		expect(utc.body.schedule).toMatchObject({
			timeZone: 'UTC',
			startsAt: '2030-06-12T15:30:00.000Z',
		})
	})

	test('bad date, time, duration or zone answer 400 with errors[] in the error field', async () => {
		const answer = await create({
			scheduledDate: '2030-02-30',
			startTime: '25:00',
			duration: '0',
			timeZone: 'Mars/Olympus',
			title: ' ',
		})
		expect(answer.status).toBe(400)
		expect(answer.body.error).toBe('Validation failed')
		expect(answer.body).not.toHaveProperty('message')
		expect(answer.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
			'duration',
			'scheduledDate',
			'startTime',
			'timeZone',
			'title',
		])
		for (const [field, value] of [
			['scheduledDate', '12/06/2030'],
			['startTime', '3:30 PM'],
			['duration', 'ninety'],
			['duration', '721'],
			['duration', '12.5'],
		]) {
			const one = await create({ [field as string]: value as string })
			expect(one.status).toBe(400)
			expect(one.body.errors).toEqual([{ path: field, msg: expect.any(String) }])
		}
	})

	test('a time the clocks skip is refused, said in the reader’s language (decision 072)', async () => {
		const skipped = { scheduledDate: '2030-03-10', startTime: '02:30' }
		const answer = await create(skipped)
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{
				path: 'startTime',
				msg: '02:30 does not exist on 2030-03-10 in America/New_York (the clocks skip it); choose another time',
			},
		])
		const said = (language: string) =>
			call(api, 'POST', '/schedule/create', {
				body: scheduleForm(skipped),
				token: tokens.teacher,
				headers: { 'Accept-Language': language },
			})
		const spanish = await said('es')
		expect(spanish.body).toEqual({
			error: 'La validación falló',
			code: 'validation_failed',
			errors: [
				{
					path: 'startTime',
					msg: 'La hora 02:30 no existe el 2030-03-10 en America/New_York (ese día los relojes se adelantan y la saltan); elige otra hora',
				},
			],
		})
		expect((await said('ar')).body.errors).toEqual([
			{
				path: 'startTime',
				msg: 'الساعة 02:30 غير موجودة يوم 2030-03-10 في المنطقة الزمنية America/New_York (تُقدَّم الساعات فتتخطاها)؛ اختر وقتًا آخر',
			},
		])
	})

	test('another teacher’s course is 403, an unknown one 404, a student 403', async () => {
		const other = await create({ courseId: otherCourseId })
		expect(other.status).toBe(403)
		expect(other.body).toEqual({
			error: 'You do not have permission to do this',
			code: 'forbidden',
		})
		const unknown = await create({ courseId: UNKNOWN_ID })
		expect(unknown.status).toBe(404)
		expect(unknown.body).toEqual({ error: 'Course not found', code: 'not_found' })
		const student = await create({}, tokens.student)
		expect(student.status).toBe(403)
		const badId = await create({ courseId: 'nope' })
		expect(badId.status).toBe(400)
	})
})

describe('GET /schedule', () => {
	test('the teacher, the enrolled student and nobody else see the demo sessions', async () => {
		const teacher = await call(api, 'GET', '/schedule?limit=100', { token: tokens.teacher })
		expect(teacher.status).toBe(200)
		const demo = teacher.body.schedules.filter(
			(schedule: { courseId: string }) => schedule.courseId === demoCourseId,
		)
		expect(demo.length).toBeGreaterThanOrEqual(6)
		expect(teacher.body.pagination).toMatchObject({ total: teacher.body.schedules.length, page: 1 })
		const starts = teacher.body.schedules.map((schedule: { startsAt: string }) => schedule.startsAt)
		expect(starts).toEqual([...starts].sort())

		const student = await call(api, 'GET', '/schedule?limit=100', { token: tokens.student })
		expect(student.body.pagination.total).toBe(teacher.body.pagination.total)
		const past = student.body.schedules.find(
			(schedule: { title: string }) => schedule.title === 'Linear equations warm-up',
		)
		expect(past).toMatchObject({ status: 'Completed', attendanceStatus: 'Present' })
		const cancelled = student.body.schedules.find(
			(schedule: { title: string }) => schedule.title === 'Slope and intercept quiz',
		)
		expect(cancelled.status).toBe('Cancelled')

		const outsider = await call(api, 'GET', '/schedule', { token: tokens.otherStudent })
		expect(outsider.body).toEqual({
			schedules: [],
			pagination: { total: 0, page: 1, limit: 10, totalPages: 0 },
		})
		const organization = await call(api, 'GET', '/schedule', { token: tokens.organization })
		expect(organization.body.pagination.total).toBe(0)
	})

	test('filters by status, range, course, and pages', async () => {
		const cancelled = await call(api, 'GET', '/schedule?status=Cancelled', {
			token: tokens.teacher,
		})
		expect(cancelled.body.schedules.length).toBeGreaterThan(0)
		for (const schedule of cancelled.body.schedules) expect(schedule.status).toBe('Cancelled')
		const completed = await call(api, 'GET', '/schedule?status=Completed', {
			token: tokens.teacher,
		})
		for (const schedule of completed.body.schedules) expect(schedule.status).toBe('Completed')
		const scheduled = await call(api, 'GET', '/schedule?status=Scheduled&limit=100', {
			token: tokens.teacher,
		})
		for (const schedule of scheduled.body.schedules) expect(schedule.status).toBe('Scheduled')

		const range = await call(
			api,
			'GET',
			'/schedule?from=2030-06-12T00:00:00Z&to=2030-06-13T00:00:00Z&limit=100',
			{ token: tokens.teacher },
		)
		expect(range.body.schedules.length).toBeGreaterThanOrEqual(2)
		for (const schedule of range.body.schedules) {
			expect(schedule.startsAt.slice(0, 10)).toBe('2030-06-12')
		}
		const course = await call(api, 'GET', `/schedule?courseId=${otherCourseId}`, {
			token: tokens.teacher,
		})
		expect(course.body.pagination.total).toBe(0)

		const first = await call(api, 'GET', '/schedule?limit=2&order=desc', { token: tokens.teacher })
		const second = await call(api, 'GET', '/schedule?limit=2&page=2&order=desc', {
			token: tokens.teacher,
		})
		expect(first.body.schedules).toHaveLength(2)
		expect(second.body.pagination.page).toBe(2)
		expect(first.body.schedules[1].startsAt >= second.body.schedules[0].startsAt).toBe(true)
	})

	test('totals=true counts every match of a range, pages beyond the first and cancelled ones left out', async () => {
		const day = { scheduledDate: '2031-03-04', timeZone: 'UTC' }
		const ids: string[] = []
		for (const [startTime, duration] of [
			['08:00', '30'],
			['09:00', '45'],
			['10:00', '60'],
			['11:00', '90'],
		] as const) {
			ids.push(await createdId({ ...day, startTime, duration }))
		}
		const cancel = await call(api, 'POST', `/schedule/${ids[1]}/cancel`, { token: tokens.teacher })
		expect(cancel.status).toBe(200)
		const range = 'from=2031-03-04T00:00:00Z&to=2031-03-05T00:00:00Z'
		const paged = await call(api, 'GET', `/schedule?${range}&limit=2&totals=true`, {
			token: tokens.teacher,
		})
		expect(paged.body.schedules).toHaveLength(2)
		expect(paged.body.pagination.total).toBe(4)
		expect(paged.body.totals).toEqual({ sessions: 3, minutes: 30 + 60 + 90 })
		// The student sees the same sessions; without the parameter the answer is as before.
		const student = await call(api, 'GET', `/schedule?${range}&totals=true`, {
			token: tokens.student,
		})
		expect(student.body.totals).toEqual(paged.body.totals)
		const plain = await call(api, 'GET', `/schedule?${range}`, { token: tokens.teacher })
		expect(plain.body.totals).toBeUndefined()
	})

	test('bad filters answer 400', async () => {
		for (const [query, path] of [
			['status=Done', 'status'],
			['from=yesterday', 'from'],
			['to=2030-13-01', 'to'],
			['courseId=1', 'courseId'],
			['order=up', 'order'],
			['page=0', 'page'],
			['totals=yes', 'totals'],
		]) {
			const answer = await call(api, 'GET', `/schedule?${query}`, { token: tokens.teacher })
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual([{ path, msg: expect.any(String) }])
		}
		expect((await call(api, 'GET', '/schedule')).status).toBe(403)
	})
})

describe('GET and PUT /schedules/{id}', () => {
	test('the enrolled student reads a session; another student may not', async () => {
		const id = await createdId()
		expect((await call(api, 'GET', `/schedules/${id}`, { token: tokens.student })).status).toBe(200)
		const other = await call(api, 'GET', `/schedules/${id}`, { token: tokens.otherStudent })
		expect(other.status).toBe(403)
		expect(
			(await call(api, 'GET', `/schedules/${UNKNOWN_ID}`, { token: tokens.student })).status,
		).toBe(404)
	})

	test('the owner updates fields and the instants follow', async () => {
		const id = await createdId()
		const answer = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.teacher,
			json: { startTime: '09:00', duration: 45, timeZone: 'Europe/London', title: 'Moved' },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.message).toBe('Schedule updated successfully')
		expect(answer.body.schedule).toMatchObject({
			title: 'Moved',
			scheduledDate: '2030-06-12',
			startTime: '09:00',
			duration: 45,
			timeZone: 'Europe/London',
			startsAt: '2030-06-12T08:00:00.000Z',
			endsAt: '2030-06-12T08:45:00.000Z',
			description: null,
		})
	})

	test('bad updates are 400, others’ sessions 403, unknown ones 404', async () => {
		const id = await createdId()
		const bad = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.teacher,
			json: { scheduledDate: '2030-1-1', startTime: '9:00', duration: -5 },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.message).toBe('Validation failed')
		expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
			'duration',
			'scheduledDate',
			'startTime',
		])
		const empty = await call(api, 'PUT', `/schedules/${id}`, { token: tokens.teacher, json: {} })
		expect(empty.status).toBe(400)
		const notJson = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.teacher,
			body: '{',
			headers: { 'content-type': 'application/json' },
		})
		expect(notJson.body).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })
		const other = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.otherTeacher,
			json: { title: 'Mine now' },
		})
		expect(other.status).toBe(403)
		const toOtherCourse = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.teacher,
			json: { courseId: otherCourseId },
		})
		expect(toOtherCourse.status).toBe(403)
		const unknown = await call(api, 'PUT', `/schedules/${UNKNOWN_ID}`, {
			token: tokens.teacher,
			json: { title: 'Nothing' },
		})
		expect(unknown.status).toBe(404)
		expect(unknown.body).toEqual({ message: 'Schedule not found', code: 'not_found' })
	})
})

describe('cancel and delete', () => {
	test('cancel marks the session Cancelled, twice is fine, others may not', async () => {
		const id = await createdId()
		const other = await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.otherTeacher })
		expect(other.status).toBe(403)
		const answer = await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.teacher })
		expect(answer.status).toBe(200)
		expect(answer.body).toMatchObject({
			message: 'Schedule cancelled successfully',
			schedule: { id, status: 'Cancelled' },
		})
		const again = await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.teacher })
		expect(again.body.schedule.status).toBe('Cancelled')
		const unknown = await call(api, 'POST', `/schedule/${UNKNOWN_ID}/cancel`, {
			token: tokens.teacher,
		})
		expect(unknown.status).toBe(404)
	})

	test('a cancelled session cannot be edited, even by an update racing the cancel', async () => {
		const id = await createdId({ title: 'Cancelled then edited' })
		const cancelled = await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.teacher })
		expect(cancelled.status).toBe(200)
		const edit = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.teacher,
			json: { title: 'Back on' },
		})
		expect(edit.status).toBe(409)
		expect(edit.body.message).toBe('A cancelled session cannot be edited')
		const other = await call(api, 'PUT', `/schedules/${id}`, {
			token: tokens.otherTeacher,
			json: { title: 'Back on' },
		})
		expect(other.status).toBe(403)

		// An edit and a cancel sent together: whichever lands, the session ends Cancelled and keeps
		// a title it was given, never an edit made after the cancel.
		const raced = await createdId({ title: 'Before the race' })
		const [update, cancel] = await Promise.all([
			call(api, 'PUT', `/schedules/${raced}`, { token: tokens.teacher, json: { title: 'Edited' } }),
			call(api, 'POST', `/schedule/${raced}/cancel`, { token: tokens.teacher }),
		])
		expect(cancel.status).toBe(200)
		expect([200, 409]).toContain(update.status)
		const after = await call(api, 'GET', `/schedules/${raced}`, { token: tokens.teacher })
		expect(after.body.schedule.status).toBe('Cancelled')
		expect(after.body.schedule.title).toBe(update.status === 200 ? 'Edited' : 'Before the race')
		const unchanged = await call(api, 'GET', `/schedules/${id}`, { token: tokens.teacher })
		expect(unchanged.body.schedule.title).toBe('Cancelled then edited')
	})

	test('a completed session cannot be cancelled', async () => {
		const id = await createdId({ scheduledDate: '2020-01-06', startTime: '10:00' })
		const read = await call(api, 'GET', `/schedules/${id}`, { token: tokens.teacher })
		expect(read.body.schedule.status).toBe('Completed')
		const answer = await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.teacher })
		expect(answer.status).toBe(409)
		expect(answer.body).toEqual({
			message: 'A completed session cannot be cancelled',
			code: 'conflict',
		})
	})

	test('delete removes the session for the owner only', async () => {
		const id = await createdId()
		const other = await call(api, 'DELETE', `/schedule/${id}/delete`, {
			token: tokens.otherTeacher,
		})
		expect(other.status).toBe(403)
		const answer = await call(api, 'DELETE', `/schedule/${id}/delete`, { token: tokens.teacher })
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({ message: 'Schedule deleted successfully', id })
		const gone = await call(api, 'DELETE', `/schedule/${id}/delete`, { token: tokens.teacher })
		expect(gone.status).toBe(404)
		const badId = await call(api, 'DELETE', '/schedule/abc/delete', { token: tokens.teacher })
		expect(badId.status).toBe(400)
	})
})

describe('attendance', () => {
	test('records one status per student, corrects it, and reads the roster', async () => {
		const id = await createdId()
		const empty = await call(api, 'GET', `/schedules/${id}/attendance`, { token: tokens.teacher })
		expect(empty.status).toBe(200)
		expect(empty.body.schedule.id).toBe(id)
		expect(empty.body.attendance).toEqual([
			{
				studentId,
				student: { id: studentId, name: 'Sam Rivera', email: 'student@example.com' },
				attendanceStatus: null,
				recordedAt: null,
			},
		])

		const recorded = await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { studentId, attendanceStatus: 'Late' },
		})
		expect(recorded.status).toBe(200)
		expect(recorded.body).toEqual({
			message: 'Attendance recorded',
			data: { scheduleId: id, studentId, attendanceStatus: 'Late', recordedAt: expect.any(String) },
		})
		await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { studentId, attendanceStatus: 'Present' },
		})
		const roster = await call(api, 'GET', `/schedules/${id}/attendance`, { token: tokens.teacher })
		expect(roster.body.attendance).toHaveLength(1)
		expect(roster.body.attendance[0].attendanceStatus).toBe('Present')
		const seen = await call(api, 'GET', `/schedules/${id}`, { token: tokens.student })
		expect(seen.body.schedule.attendanceStatus).toBe('Present')
	})

	test('bad status, a student not in the course, and a cancelled session are refused', async () => {
		const id = await createdId()
		const bad = await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { studentId, attendanceStatus: 'Asleep' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'attendanceStatus', msg: expect.any(String) }])
		const missing = await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { attendanceStatus: 'Present' },
		})
		expect(missing.body.errors).toEqual([{ path: 'studentId', msg: expect.any(String) }])
		const outsider = await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { studentId: UNKNOWN_ID, attendanceStatus: 'Present' },
		})
		expect(outsider.status).toBe(400)
		expect(outsider.body.errors).toEqual([
			{ path: 'studentId', msg: 'This student is not enrolled in the course' },
		])

		await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.teacher })
		const cancelled = await call(api, 'POST', `/schedules/${id}/attendance`, {
			token: tokens.teacher,
			json: { studentId, attendanceStatus: 'Present' },
		})
		expect(cancelled.status).toBe(409)
	})

	test('only the owning teacher reads or records attendance', async () => {
		const id = await createdId()
		for (const token of [tokens.otherTeacher, tokens.student]) {
			const read = await call(api, 'GET', `/schedules/${id}/attendance`, { token })
			expect(read.status).toBe(403)
			const write = await call(api, 'POST', `/schedules/${id}/attendance`, {
				token,
				json: { studentId, attendanceStatus: 'Present' },
			})
			expect(write.status).toBe(403)
		}
		const unknown = await call(api, 'GET', `/schedules/${UNKNOWN_ID}/attendance`, {
			token: tokens.teacher,
		})
		expect(unknown.status).toBe(404)
	})
	// One call saves a whole register (decision 066): the app's register was one call per pupil.
	describe('a register in one call', () => {
		const pupils: { id: string; token: string; email: string }[] = []
		let courseId = ''
		const register = (id: string, attendance: unknown, token = tokens.otherTeacher) =>
			call(api, 'POST', `/schedules/${id}/attendance/register`, { token, json: { attendance } })
		async function session() {
			const answer = await create({ courseId }, tokens.otherTeacher)
			expect(answer.status).toBe(201)
			return answer.body.schedule.id as string
		}
		const statuses = async (id: string) => {
			const roster = await call(api, 'GET', `/schedules/${id}/attendance`, {
				token: tokens.otherTeacher,
			})
			return Object.fromEntries(
				roster.body.attendance.map((entry: { studentId: string; attendanceStatus: string }) => [
					entry.studentId,
					entry.attendanceStatus,
				]),
			)
		}

		beforeAll(async () => {
			for (let index = 0; index < 4; index++) {
				const pupil = await registerStudent(api)
				pupils.push({ id: pupil.user.id, token: pupil.token, email: pupil.email })
			}
			const created = await call(api, 'POST', '/__test/enrolled-course', {
				json: {
					tutorEmail: otherTeacherEmail,
					title: 'Register practice',
					studentEmails: pupils.map((pupil) => pupil.email),
				},
			})
			courseId = created.body.courseId
		}, 60_000)

		test('saves every student of the register, corrects them, and the roster reads them', async () => {
			const id = await session()
			const first = await register(id, [
				{ studentId: pupils[0]!.id, attendanceStatus: 'Present' },
				{ studentId: pupils[1]!.id, attendanceStatus: 'Absent' },
				{ studentId: pupils[2]!.id, attendanceStatus: 'Late' },
			])
			expect(first.status).toBe(200)
			expect(first.body.message).toBe('Attendance recorded')
			expect(first.body.data).toHaveLength(3)
			expect(first.body.data).toContainEqual({
				scheduleId: id,
				studentId: pupils[1]!.id,
				attendanceStatus: 'Absent',
				recordedAt: expect.any(String),
			})
			const corrected = await register(id, [
				{ studentId: pupils[1]!.id, attendanceStatus: 'Excused' },
				{ studentId: pupils[3]!.id, attendanceStatus: 'Present' },
			])
			expect(corrected.status).toBe(200)
			expect(await statuses(id)).toEqual({
				[pupils[0]!.id]: 'Present',
				[pupils[1]!.id]: 'Excused',
				[pupils[2]!.id]: 'Late',
				[pupils[3]!.id]: 'Present',
			})
			const seen = await call(api, 'GET', `/schedules/${id}`, { token: pupils[1]!.token })
			expect(seen.body.schedule.attendanceStatus).toBe('Excused')
		})

		test('bad input is refused with the entry named, and nothing is saved', async () => {
			const id = await session()
			const cases: [unknown, { path: string; msg: string }[]][] = [
				[[], [{ path: 'attendance', msg: 'Give at least one student' }]],
				['Present', [{ path: 'attendance', msg: 'attendance must be a list' }]],
				[
					[
						{ studentId: pupils[0]!.id, attendanceStatus: 'Present' },
						{ studentId: pupils[1]!.id, attendanceStatus: 'Asleep' },
					],
					[{ path: 'attendance.1.attendanceStatus', msg: expect.any(String) }],
				],
				[
					[
						{ studentId: pupils[0]!.id, attendanceStatus: 'Present' },
						{ studentId: pupils[0]!.id, attendanceStatus: 'Absent' },
					],
					[{ path: 'attendance.1.studentId', msg: 'Each student may appear once' }],
				],
				[
					[{ studentId: 'pupil-1', attendanceStatus: 'Present' }],
					[{ path: 'attendance.0.studentId', msg: 'studentId must be a UUID' }],
				],
				[
					Array.from({ length: 501 }, () => ({ studentId: UNKNOWN_ID, attendanceStatus: 'Late' })),
					[{ path: 'attendance', msg: 'At most 500 students at once' }],
				],
				[
					[
						{ studentId: pupils[0]!.id, attendanceStatus: 'Present' },
						{ studentId: studentId, attendanceStatus: 'Present' },
						{ studentId: UNKNOWN_ID, attendanceStatus: 'Absent' },
					],
					[
						{ path: 'attendance.1.studentId', msg: 'This student is not enrolled in the course' },
						{ path: 'attendance.2.studentId', msg: 'This student is not enrolled in the course' },
					],
				],
			]
			for (const [attendance, errors] of cases) {
				const answer = await register(id, attendance)
				expect(answer.status, JSON.stringify(attendance).slice(0, 80)).toBe(400)
				expect(answer.body.errors).toEqual(errors)
			}
			const missing = await call(api, 'POST', `/schedules/${id}/attendance/register`, {
				token: tokens.otherTeacher,
				json: {},
			})
			expect(missing.status).toBe(400)
			expect(Object.values(await statuses(id)).every((status) => status === null)).toBe(true)
		})

		test("only the session's teacher records its register, and not once it is cancelled", async () => {
			const id = await session()
			const entries = [{ studentId: pupils[0]!.id, attendanceStatus: 'Present' }]
			for (const token of [tokens.teacher, tokens.student, pupils[0]!.token, tokens.organization]) {
				expect((await register(id, entries, token)).status).toBe(403)
			}
			expect((await register(UNKNOWN_ID, entries)).status).toBe(404)
			expect((await register('not-an-id', entries)).status).toBe(400)
			expect(
				(
					await call(api, 'POST', `/schedules/${id}/attendance/register`, {
						json: { attendance: entries },
					})
				).status,
			).toBe(403)
			expect(Object.values(await statuses(id)).every((status) => status === null)).toBe(true)
			await call(api, 'POST', `/schedule/${id}/cancel`, { token: tokens.otherTeacher })
			expect((await register(id, entries)).status).toBe(409)
		})

		test('two saves of one register at once both answer, and the roster holds one of each', async () => {
			const id = await session()
			const all = (attendanceStatus: string) =>
				pupils.map((pupil) => ({ studentId: pupil.id, attendanceStatus }))
			const reversed = (attendanceStatus: string) => all(attendanceStatus).reverse()
			const answers = await Promise.all([
				register(id, all('Present')),
				register(id, reversed('Absent')),
				register(id, all('Late')),
				register(id, reversed('Excused')),
			])
			expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
			const roster = await call(api, 'GET', `/schedules/${id}/attendance`, {
				token: tokens.otherTeacher,
			})
			expect(roster.body.attendance).toHaveLength(pupils.length)
			// Each save is one statement: the roster is one save's whole register, never a mix.
			const saved = new Set(
				roster.body.attendance.map((entry: { attendanceStatus: string }) => entry.attendanceStatus),
			)
			expect(saved.size).toBe(1)
		})
	})
})
