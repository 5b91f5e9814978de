import { beforeAll, describe, expect, test, vi } from 'vitest'
import { apiForFile, call } from './helpers.ts'
import { courseWith, peopleForFile, UNKNOWN_ID } from './library-helpers.ts'

// Each file starts a fresh API and hashes a few passwords: generous limits for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const api = apiForFile()
const people = peopleForFile(api)
let courseId: string
let secondCourseId: string

beforeAll(async () => {
	courseId = await courseWith(
		api,
		{ tutorId: people.teacher.user.id },
		[people.student.user.id],
		'Algebra',
	)
	secondCourseId = await courseWith(
		api,
		{ tutorId: people.otherTeacher.user.id },
		[people.student.user.id],
		'Biology',
	)
})

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
		const path = `/report-cards/${people.student.user.id}/${courseId}`
		const created = await call(api, 'PUT', path, { token: people.teacher.token, json: card })
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
				author: { id: people.teacher.user.id, type: 'tutor', name: 'Tia Teach' },
			},
		})
		const updated = await call(api, 'PUT', path, {
			token: people.teacher.token,
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
		const path = `/report-cards/${people.student.user.id}/${courseId}`
		for (const [json, field] of [
			[{ score: 101 }, 'score'],
			[{ score: 7.5 }, 'score'],
			[{ score: '90' }, 'score'],
			[{ score: 90, components: [{ name: '', score: 1 }] }, 'components.0.name'],
			[{ score: 90, components: [{ name: 'x', score: -1 }] }, 'components.0.score'],
		] as const) {
			const answer = await call(api, 'PUT', path, { token: people.teacher.token, json })
			expect(answer.status).toBe(400)
			expect(answer.body.errors[0].path).toBe(field)
		}
		expect(
			(await call(api, 'PUT', path, { token: people.otherTeacher.token, json: card })).status,
		).toBe(403)
		expect((await call(api, 'PUT', path, { token: people.student.token, json: card })).status).toBe(
			403,
		)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${people.outsider.user.id}/${courseId}`, {
					token: people.teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${UNKNOWN_ID}/${courseId}`, {
					token: people.teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/${people.student.user.id}/${UNKNOWN_ID}`, {
					token: people.teacher.token,
					json: card,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'PUT', `/report-cards/nope/${courseId}`, {
					token: people.teacher.token,
					json: card,
				})
			).status,
		).toBe(400)
	})
})

describe('reading report cards', () => {
	beforeAll(async () => {
		await call(api, 'PUT', `/report-cards/${people.student.user.id}/${courseId}`, {
			token: people.teacher.token,
			json: card,
		})
		await call(api, 'PUT', `/report-cards/${people.student.user.id}/${secondCourseId}`, {
			token: people.otherTeacher.token,
			json: { score: 70 },
		})
	})

	test('per course: the student and the tutor; nobody else', async () => {
		const path = `/report-cards/${people.student.user.id}/${courseId}`
		const byTeacher = await call(api, 'GET', path, { token: people.teacher.token })
		expect(byTeacher.body).toMatchObject({
			student: { id: people.student.user.id, name: 'Stu Dent' },
			course: { id: courseId, title: 'Algebra' },
			reportCard: { score: 86 },
		})
		expect(
			(await call(api, 'GET', path, { token: people.student.token })).body.reportCard.score,
		).toBe(86)
		expect((await call(api, 'GET', path, { token: people.outsider.token })).status).toBe(403)
		expect((await call(api, 'GET', path, { token: people.otherTeacher.token })).status).toBe(403)
	})

	test('across courses: the student sees all with the average; a tutor only their courses', async () => {
		const all = await call(api, 'GET', `/report-cards/${people.student.user.id}`, {
			token: people.student.token,
		})
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
		const teachers = await call(api, 'GET', `/report-cards/${people.student.user.id}`, {
			token: people.teacher.token,
		})
		expect(teachers.body.courses).toHaveLength(1)
		expect(teachers.body.averageScore).toBe(86)
		expect(
			(
				await call(api, 'GET', `/report-cards/${people.outsider.user.id}`, {
					token: people.teacher.token,
				})
			).status,
		).toBe(403)
		expect(
			(
				await call(api, 'GET', `/report-cards/${people.student.user.id}`, {
					token: people.outsider.token,
				})
			).status,
		).toBe(403)
	})

	test('verification is public and refuses a tampered id', async () => {
		const { reportCard } = (
			await call(api, 'GET', `/report-cards/${people.student.user.id}/${courseId}`, {
				token: people.student.token,
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
