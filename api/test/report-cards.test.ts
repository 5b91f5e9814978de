import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { call, registerStudent, startApi, type TestApi } from './helpers.ts'
import { courseWith, registerTeacher, UNKNOWN_ID } from './library-helpers.ts'

// Each file starts a fresh API and hashes a few passwords: generous limits for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let api: TestApi
type Session = { token: string; user: { id: string } }
let teacher: Session
let otherTeacher: Session
let student: Session
let outsider: Session
let courseId: string
let secondCourseId: string

beforeAll(async () => {
	api = await startApi()
	teacher = await registerTeacher(api)
	otherTeacher = await registerTeacher(api, 'Other')
	student = await registerStudent(api)
	outsider = await registerStudent(api)
	courseId = await courseWith(api, { tutorId: teacher.user.id }, [student.user.id], 'Algebra')
	secondCourseId = await courseWith(
		api,
		{ tutorId: otherTeacher.user.id },
		[student.user.id],
		'Biology',
	)
})
afterAll(() => api.close())

const card = {
	score: 86,
	components: [
		{ name: 'Homework', score: 92, remark: 'Always on time' },
		{ name: 'Final exam', score: 81 },
	],
	comments: 'Steady progress.',
}

describe('PUT /report-cards/{studentId}/{courseId}', () => {
	test('the course tutor writes, then updates, the report card', async () => {
		const path = `/report-cards/${student.user.id}/${courseId}`
		const created = await call(api, 'PUT', path, { token: teacher.token, json: card })
		expect(created.status).toBe(201)
		expect(created.body).toMatchObject({
			message: 'Report card saved successfully',
			reportCard: {
				score: 86,
				grade: 'B',
				components: [
					{ name: 'Homework', score: 92, remark: 'Always on time', grade: 'A' },
					{ name: 'Final exam', score: 81, remark: null, grade: 'B' },
				],
				comments: 'Steady progress.',
				author: { id: teacher.user.id, type: 'tutor', name: 'Tia Teach' },
			},
		})
		const updated = await call(api, 'PUT', path, {
			token: teacher.token,
			json: { score: 59, components: [] },
		})
		expect(updated.status).toBe(200)
		expect(updated.body.reportCard).toMatchObject({
			score: 59,
			grade: 'F',
			components: [],
			comments: null,
			publicId: created.body.reportCard.publicId,
		})
	})

	test('bad input 400; other tutors and students 403; not enrolled or unknown 404', async () => {
		const path = `/report-cards/${student.user.id}/${courseId}`
		for (const [json, field] of [
			[{ score: 101 }, 'score'],
			[{ score: 7.5 }, 'score'],
			[{ score: '90' }, 'score'],
			[{ score: 90, components: [{ name: '', score: 1 }] }, 'components.0.name'],
			[{ score: 90, components: [{ name: 'x', score: -1 }] }, 'components.0.score'],
		] as const) {
			const answer = await call(api, 'PUT', path, { token: teacher.token, json })
			expect(answer.status).toBe(400)
			expect(answer.body.errors[0].path).toBe(field)
		}
		expect((await call(api, 'PUT', path, { token: otherTeacher.token, json: card })).status).toBe(
			403,
		)
		expect((await call(api, 'PUT', path, { token: student.token, json: card })).status).toBe(403)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${outsider.user.id}/${courseId}`, {
					token: teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${UNKNOWN_ID}/${courseId}`, {
					token: teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${student.user.id}/${UNKNOWN_ID}`, {
					token: teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/nope/${courseId}`, {
					token: teacher.token,
					json: card,
				})
			).status,
		).toBe(400)
	})
})

describe('reading report cards', () => {
	beforeAll(async () => {
		await call(api, 'PUT', `/report-cards/${student.user.id}/${courseId}`, {
			token: teacher.token,
			json: card,
		})
		await call(api, 'PUT', `/report-cards/${student.user.id}/${secondCourseId}`, {
			token: otherTeacher.token,
			json: { score: 70 },
		})
	})

	test('per course: the student and the tutor; nobody else', async () => {
		const path = `/report-cards/${student.user.id}/${courseId}`
		const byTeacher = await call(api, 'GET', path, { token: teacher.token })
		expect(byTeacher.body).toMatchObject({
			student: { id: student.user.id, name: 'Stu Dent' },
			course: { id: courseId, title: 'Algebra' },
			reportCard: { score: 86 },
		})
		expect((await call(api, 'GET', path, { token: student.token })).body.reportCard.score).toBe(86)
		expect((await call(api, 'GET', path, { token: outsider.token })).status).toBe(403)
		expect((await call(api, 'GET', path, { token: otherTeacher.token })).status).toBe(403)
	})

	test('across courses: the student sees all with the average; a tutor only their courses', async () => {
		const all = await call(api, 'GET', `/report-cards/${student.user.id}`, { token: student.token })
		expect(
			all.body.courses.map(
				(entry: { course: { title: string }; reportCard: { score: number } }) => [
					entry.course.title,
					entry.reportCard.score,
				],
			),
		).toEqual([
			['Algebra', 86],
			['Biology', 70],
		])
		expect(all.body).toMatchObject({ averageScore: 78, averageGrade: 'C' })
		const teachers = await call(api, 'GET', `/report-cards/${student.user.id}`, {
			token: teacher.token,
		})
		expect(teachers.body.courses).toHaveLength(1)
		expect(teachers.body.averageScore).toBe(86)
		expect(
			(await call(api, 'GET', `/report-cards/${outsider.user.id}`, { token: teacher.token }))
				.status,
		).toBe(403)
		expect(
			(await call(api, 'GET', `/report-cards/${student.user.id}`, { token: outsider.token }))
				.status,
		).toBe(403)
	})

	test('verification is public and refuses a tampered id', async () => {
		const { reportCard } = (
			await call(api, 'GET', `/report-cards/${student.user.id}/${courseId}`, {
				token: student.token,
			})
		).body
		const genuine = await call(api, 'GET', `/report-cards/verify/${reportCard.publicId}`)
		expect(genuine.body).toMatchObject({
			genuine: true,
			reportCard: {
				studentName: 'Stu Dent',
				courseTitle: 'Algebra',
				score: 86,
				grade: 'B',
				authorName: 'Tia Teach',
			},
		})
		const tampered = `${reportCard.publicId.slice(0, -1)}${reportCard.publicId.at(-1) === 'A' ? 'B' : 'A'}`
		expect((await call(api, 'GET', `/report-cards/verify/${tampered}`)).body).toEqual({
			genuine: false,
			message: 'No report card has this id',
		})
	})
})
