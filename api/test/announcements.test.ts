import { CompiledQuery, sql } from 'kysely'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { studentListQueries } from '../src/announcements/repository.ts'
import { toPage } from '../src/platform/pagination.ts'
import { apiForFile, call, login, organizationLogin, registerStudent } from './helpers.ts'
import { courseWith, peopleForFile, registerTeacher, UNKNOWN_ID } from './library-helpers.ts'

// Each file starts a fresh API and hashes a few passwords: generous limits for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const api = apiForFile()
const people = peopleForFile(api)
type Session = { token: string; user: { id: string } }
let orgStudent: Session
let organization: Session
let courseId: string
let orgCourseId: string

beforeAll(async () => {
	orgStudent = await login(api, 'orgstudent@example.com')
	organization = await organizationLogin(api, 'organization@example.com')
	courseId = await courseWith(api, { tutorId: people.teacher.user.id }, [people.student.user.id])
	orgCourseId = await courseWith(api, { organizationId: organization.user.id }, [], 'Org course')
})

const post = (token: string, json: unknown) => call(api, 'POST', '/announcements', { token, json })

describe('POST /announcements', () => {
	test('a tutor announces to their course', async () => {
		const answer = await post(people.teacher.token, {
			title: 'Quiz on Friday',
			body: 'Chapters 1 to 3.',
			courseId,
		})
		expect(answer.status).toBe(201)
		expect(answer.body).toMatchObject({
			message: 'Announcement posted successfully',
			announcement: {
				title: 'Quiz on Friday',
				body: 'Chapters 1 to 3.',
				author: { id: people.teacher.user.id, type: 'tutor', name: 'Tia Teach' },
				course: { id: courseId, title: 'Geometry Basics' },
				organizationId: null,
				readCount: 0,
			},
		})
	})

	test('an organization announces to all its students, or to one of its courses', async () => {
		const wide = await post(organization.token, { title: 'Holiday', body: 'Closed Monday.' })
		expect(wide.status).toBe(201)
		expect(wide.body.announcement).toMatchObject({
			course: null,
			organizationId: organization.user.id,
			author: { type: 'organization', name: 'Demo Academy' },
		})
		const course = await post(organization.token, {
			title: 'Course news',
			body: 'Hello.',
			courseId: orgCourseId,
		})
		expect(course.body.announcement.course).toEqual({ id: orgCourseId, title: 'Org course' })
	})

	test("bad input 400; another tutor's course 403; unknown course 404; students 403", async () => {
		for (const [json, path] of [
			[{ body: 'x', courseId }, 'title'],
			[{ title: 'x', courseId }, 'body'],
			[{ title: 'x', body: 'x' }, 'courseId'],
			[{ title: 'x', body: 'x', courseId: 'nope' }, 'courseId'],
			[{ title: 'x'.repeat(201), body: 'x', courseId }, 'title'],
		] as const) {
			const answer = await post(people.teacher.token, json)
			expect(answer.status).toBe(400)
			expect(answer.body.errors[0].path).toBe(path)
		}
		expect(
			(
				await call(api, 'POST', '/announcements', {
					token: people.teacher.token,
					body: '{oops',
					headers: { 'content-type': 'application/json' },
				})
			).status,
		).toBe(400)
		expect(
			(await post(people.otherTeacher.token, { title: 'x', body: 'x', courseId })).status,
		).toBe(403)
		expect((await post(organization.token, { title: 'x', body: 'x', courseId })).status).toBe(403)
		expect(
			(await post(people.teacher.token, { title: 'x', body: 'x', courseId: UNKNOWN_ID })).status,
		).toBe(404)
		expect((await post(people.student.token, { title: 'x', body: 'x', courseId })).status).toBe(403)
	})
})

describe('reading announcements', () => {
	test('students list what is theirs with unread marked, and reading marks it read', async () => {
		const created = await post(people.teacher.token, {
			title: 'Homework',
			body: 'Page 12.',
			courseId,
		})
		const id = created.body.announcement.id
		const before = await call(api, 'GET', '/announcements', { token: people.student.token })
		expect(before.status).toBe(200)
		expect(before.body.announcements.map((item: { title: string }) => item.title)).toEqual([
			'Homework',
			'Quiz on Friday',
		])
		expect(before.body.announcements[0].read).toBe(false)
		expect(before.body.unread).toBe(2)
		expect(before.body.pagination).toEqual({ total: 2, currentPage: 1, totalPages: 1 })

		const one = await call(api, 'GET', `/announcements/${id}`, { token: people.student.token })
		expect(one.body.announcement).toMatchObject({ id, read: false })
		const read = await call(api, 'POST', `/announcements/${id}/read`, {
			token: people.student.token,
		})
		expect(read.status).toBe(200)
		expect(read.body.announcement.read).toBe(true)
		expect(
			(await call(api, 'POST', `/announcements/${id}/read`, { token: people.student.token }))
				.status,
		).toBe(200)

		const after = await call(api, 'GET', '/announcements', { token: people.student.token })
		expect(after.body.unread).toBe(1)
		expect(after.body.announcements[0].read).toBe(true)
		const mine = await call(api, 'GET', '/announcements', { token: people.teacher.token })
		expect(mine.body.announcements.find((item: { id: string }) => item.id === id).readCount).toBe(1)
	})

	test('unread=true lists only the unread ones, the latest first, with their true total (issue 28)', async () => {
		const reader = await registerStudent(api)
		const writer = await registerTeacher(api, 'Busy')
		const busyCourse = await courseWith(api, { tutorId: writer.user.id }, [reader.user.id], 'Busy')
		const ids: string[] = []
		for (let n = 1; n <= 15; n++) {
			const created = await post(writer.token, {
				title: `News ${n}`,
				body: 'Text.',
				courseId: busyCourse,
			})
			ids.push(created.body.announcement.id)
		}
		// The twelve newest are read: the unread ones are off the first page of everything.
		for (const id of ids.slice(3)) {
			await call(api, 'POST', `/announcements/${id}/read`, { token: reader.token })
		}
		const unread = await call(api, 'GET', '/announcements?unread=true&limit=2', {
			token: reader.token,
		})
		expect(unread.status).toBe(200)
		expect(unread.body.announcements.map((item: { title: string }) => item.title)).toEqual([
			'News 3',
			'News 2',
		])
		expect(unread.body.unread).toBe(3)
		expect(unread.body.pagination).toEqual({ total: 3, currentPage: 1, totalPages: 2 })
		const everything = await call(api, 'GET', '/announcements?limit=2', { token: reader.token })
		expect(everything.body.pagination.total).toBe(15)
		expect(everything.body.unread).toBe(3)
		const wrong = await call(api, 'GET', '/announcements?unread=yes', { token: reader.token })
		expect(wrong.status).toBe(400)
		expect(JSON.stringify(wrong.body)).toContain('unread must be true or false')
	})

	test('organization students see organization announcements; others see none of them', async () => {
		const org = await call(api, 'GET', '/announcements', { token: orgStudent.token })
		expect(org.body.announcements.map((item: { title: string }) => item.title)).toEqual(['Holiday'])
		const none = await call(api, 'GET', '/announcements', { token: people.outsider.token })
		expect(none.body).toMatchObject({ announcements: [], unread: 0 })
	})

	test("someone else's announcement 403, unknown 404, bad id 400", async () => {
		const created = await post(people.teacher.token, { title: 'Private', body: 'x', courseId })
		const id = created.body.announcement.id
		expect(
			(await call(api, 'GET', `/announcements/${id}`, { token: people.outsider.token })).status,
		).toBe(403)
		expect(
			(await call(api, 'POST', `/announcements/${id}/read`, { token: people.outsider.token }))
				.status,
		).toBe(403)
		expect(
			(await call(api, 'GET', `/announcements/${id}`, { token: people.otherTeacher.token })).status,
		).toBe(403)
		expect(
			(await call(api, 'POST', `/announcements/${id}/read`, { token: people.teacher.token }))
				.status,
		).toBe(403)
		expect(
			(await call(api, 'GET', `/announcements/${UNKNOWN_ID}`, { token: people.student.token }))
				.status,
		).toBe(404)
		expect(
			(await call(api, 'GET', '/announcements/nope', { token: people.student.token })).status,
		).toBe(400)
		expect((await call(api, 'GET', '/announcements')).status).toBe(403)
	})

	test('the author deletes; nobody else may', async () => {
		const created = await post(people.teacher.token, { title: 'Oops', body: 'x', courseId })
		const id = created.body.announcement.id
		expect(
			(await call(api, 'DELETE', `/announcements/${id}`, { token: people.otherTeacher.token }))
				.status,
		).toBe(403)
		expect(
			(await call(api, 'DELETE', `/announcements/${id}`, { token: people.student.token })).status,
		).toBe(403)
		expect(
			(await call(api, 'DELETE', `/announcements/${id}`, { token: people.teacher.token })).body,
		).toEqual({ message: 'Announcement deleted successfully', id })
		expect(
			(await call(api, 'GET', `/announcements/${id}`, { token: people.teacher.token })).status,
		).toBe(404)
	})

	test('the author edits the words; the audience and read receipts stay; nobody else may', async () => {
		const created = await post(people.teacher.token, {
			title: 'Quiz Fridya',
			body: 'Chapter 1.',
			courseId,
		})
		const id = created.body.announcement.id
		await call(api, 'POST', `/announcements/${id}/read`, { token: people.student.token })
		const put = (token: string, json: unknown) =>
			call(api, 'PUT', `/announcements/${id}`, { token, json })
		const edited = await put(people.teacher.token, {
			title: 'Quiz Friday',
			body: 'Chapters 1 and 2.',
			courseId: UNKNOWN_ID,
		})
		expect(edited.status).toBe(200)
		expect(edited.body).toMatchObject({
			message: 'Announcement updated successfully',
			announcement: {
				id,
				title: 'Quiz Friday',
				body: 'Chapters 1 and 2.',
				course: { id: courseId },
				readCount: 1,
			},
		})
		const read = await call(api, 'GET', `/announcements/${id}`, { token: people.student.token })
		expect(read.body.announcement).toMatchObject({ title: 'Quiz Friday', read: true })

		for (const [json, path] of [
			[{ body: 'x' }, 'title'],
			[{ title: 'x', body: '   ' }, 'body'],
			[{ title: 'x'.repeat(201), body: 'x' }, 'title'],
			[{ title: 'x', body: 'x'.repeat(5001) }, 'body'],
		] as const) {
			const answer = await put(people.teacher.token, json)
			expect(answer.status).toBe(400)
			expect(answer.body.errors[0].path).toBe(path)
		}
		expect(
			(
				await call(api, 'PUT', `/announcements/${id}`, {
					token: people.teacher.token,
					body: '{oops',
					headers: { 'content-type': 'application/json' },
				})
			).status,
		).toBe(400)
		expect((await put(people.otherTeacher.token, { title: 'Mine', body: 'x' })).status).toBe(403)
		expect((await put(organization.token, { title: 'Mine', body: 'x' })).status).toBe(403)
		expect((await put(people.student.token, { title: 'Mine', body: 'x' })).status).toBe(403)
		expect(
			(
				await call(api, 'PUT', `/announcements/${UNKNOWN_ID}`, {
					token: people.teacher.token,
					json: { title: 'x', body: 'x' },
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', '/announcements/nope', {
					token: people.teacher.token,
					json: { title: 'x', body: 'x' },
				})
			).status,
		).toBe(400)
		expect(
			(await call(api, 'GET', `/announcements/${id}`, { token: people.teacher.token })).body
				.announcement.title,
		).toBe('Quiz Friday')
	})

	test('an edit racing a delete ends deleted, never 500', async () => {
		const created = await post(people.teacher.token, { title: 'Short-lived', body: 'x', courseId })
		const id = created.body.announcement.id
		const [edit, removal] = await Promise.all([
			call(api, 'PUT', `/announcements/${id}`, {
				token: people.teacher.token,
				json: { title: 'Edited', body: 'y' },
			}),
			call(api, 'DELETE', `/announcements/${id}`, { token: people.teacher.token }),
		])
		expect(removal.status).toBe(200)
		expect([200, 404]).toContain(edit.status)
		expect(
			(await call(api, 'GET', `/announcements/${id}`, { token: people.teacher.token })).status,
		).toBe(404)
	})

	test('audiences: the courses a tutor or organization may announce to', async () => {
		const teacherAudiences = await call(api, 'GET', '/announcements/audiences', {
			token: people.teacher.token,
		})
		expect(teacherAudiences.body).toEqual({
			courses: [{ id: courseId, title: 'Geometry Basics' }],
			total: 1,
			organizationWide: false,
		})
		const orgAudiences = await call(api, 'GET', '/announcements/audiences', {
			token: organization.token,
		})
		expect(orgAudiences.body.organizationWide).toBe(true)
		expect(orgAudiences.body.courses).toContainEqual({ id: orgCourseId, title: 'Org course' })
		expect(orgAudiences.body.courses).not.toContainEqual({ id: courseId, title: 'Geometry Basics' })
		expect(
			(await call(api, 'GET', '/announcements/audiences', { token: people.student.token })).status,
		).toBe(403)
	})

	test('audiences of many courses: search and limit give a short menu with the true total (issue 28)', async () => {
		const many = await registerTeacher(api, 'Many')
		for (let n = 1; n <= 30; n++) {
			const title = `${n % 3 === 0 ? 'Chemistry' : 'History'} ${String(n).padStart(2, '0')}`
			await courseWith(api, { tutorId: many.user.id }, [], title)
		}
		const menu = await call(api, 'GET', '/announcements/audiences?limit=5', { token: many.token })
		expect(menu.status).toBe(200)
		expect(menu.body.total).toBe(30)
		expect(menu.body.courses.map((course: { title: string }) => course.title)).toEqual([
			'Chemistry 03',
			'Chemistry 06',
			'Chemistry 09',
			'Chemistry 12',
			'Chemistry 15',
		])
		const found = await call(api, 'GET', '/announcements/audiences?search=hist&limit=2', {
			token: many.token,
		})
		expect(found.body.total).toBe(20)
		expect(found.body.courses.map((course: { title: string }) => course.title)).toEqual([
			'History 01',
			'History 02',
		])
		// The task and session pickers answer the same way.
		for (const path of ['/tasks/courses', '/schedule/courses']) {
			const picker = await call(api, 'GET', `${path}?search=chem&limit=1`, { token: many.token })
			expect(picker.body).toMatchObject({ total: 10, courses: [{ title: 'Chemistry 03' }] })
		}
		const wrong = await call(api, 'GET', '/announcements/audiences?limit=0', { token: many.token })
		expect(wrong.status).toBe(400)
		expect(JSON.stringify(wrong.body)).toContain('Limit must be a whole number from 1 to 100')
	})
})

describe("a student's list on a school's table", () => {
	// In the busiest hour (decision 074), `course_id in (select …) or organization_id = …` made
	// PostgreSQL read all of a school's 11,000 announcements for every page and its count: the
	// subquery beside the `or` could not use an index. With scans ruled out, the planner must still
	// answer both statements through the indexes.
	test('both statements reach the announcements through their indexes', async () => {
		const student = {
			id: orgStudent.user.id,
			role: 'student' as const,
			orgId: organization.user.id,
		}
		const queries = studentListQueries(api.db, student, toPage({ page: 1, limit: 20 }))
		await api.db.transaction().execute(async (trx) => {
			await sql`SET LOCAL enable_seqscan = off`.execute(trx)
			for (const query of [queries.rows, queries.counts]) {
				const compiled = query.compile()
				const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
					CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
				)
				const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
				expect(plan).not.toMatch(/Seq Scan on announcements/)
				expect(plan).toMatch(/announcements_course_id_idx/)
			}
		})
	})
})
