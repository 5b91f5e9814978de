import { beforeAll, describe, expect, test } from 'vitest'
import {
	apiForFile,
	call,
	login,
	organizationLogin,
	registerStudent,
	startApi,
	uniqueEmail,
} from './helpers.ts'

// Starting an API (fresh database, every migration, demo seed) is slow on a busy machine.
const STARTUP_TIMEOUT_MS = 120_000
const api = apiForFile()
const tokens = { teacher: '', student: '', otherTutor: '', organization: '' }
const ids = { teacher: '', otherTutor: '' }
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const question = (id: number, correct = 1) => ({
	id,
	questionText: `Question ${id}?`,
	options: [1, 2, 3, 4].map((n) => ({ text: `Option ${n}`, isCorrect: n === correct })),
})

const validTemplate = (overrides: Record<string, unknown> = {}) => ({
	title: 'Fractions check',
	description: 'Five minutes on fractions',
	timeLimit: 5,
	isActive: 0,
	questions: [question(1), question(2, 3)],
	...overrides,
})

async function createTemplate(token: string, overrides: Record<string, unknown> = {}) {
	const answer = await call(api, 'POST', '/qa/create-template', {
		token,
		json: validTemplate(overrides),
	})
	if (answer.status !== 201)
		throw new Error(`create template: ${answer.status} ${JSON.stringify(answer.body)}`)
	return answer.body.template
}

beforeAll(async () => {
	const teacher = await login(api, 'teacher@example.com')
	tokens.teacher = teacher.token
	ids.teacher = teacher.user.id
	tokens.student = (await login(api, 'student@example.com')).token
	tokens.organization = (await organizationLogin(api, 'organization@example.com')).token
	const email = uniqueEmail('tutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName: 'Other', lastName: 'Tutor', email, password: 'Lantern-Harbour-42' },
	})
	const other = await login(api, email, 'Lantern-Harbour-42')
	tokens.otherTutor = other.token
	ids.otherTutor = other.user.id
}, STARTUP_TIMEOUT_MS)

describe('POST /qa/create-template', () => {
	test('a tutor creates a template; options get ids; isActive comes back as 1 or 0', async () => {
		const answer = await call(api, 'POST', '/qa/create-template', {
			token: tokens.teacher,
			json: validTemplate({ isActive: 1 }),
		})
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe('Template created successfully')
		expect(answer.body.template).toMatchObject({
			id: expect.any(String),
			title: 'Fractions check',
			description: 'Five minutes on fractions',
			timeLimit: 5,
			isActive: 1,
			createdBy: ids.teacher,
			createdByName: 'Taylor Morgan',
			questionCount: 2,
		})
		expect(answer.body.template.questions[1]).toEqual({
			id: 2,
			questionText: 'Question 2?',
			options: [
				{ id: 1, text: 'Option 1', isCorrect: false },
				{ id: 2, text: 'Option 2', isCorrect: false },
				{ id: 3, text: 'Option 3', isCorrect: true },
				{ id: 4, text: 'Option 4', isCorrect: false },
			],
		})
	})

	test('bad templates answer 400 with errors[] naming each problem', async () => {
		const cases: [Record<string, unknown>, string, string][] = [
			[{ questions: [] }, 'questions', 'A template needs at least one question'],
			[{ title: '  ' }, 'title', 'Title is required'],
			[{ timeLimit: 0 }, 'timeLimit', 'Time limit must be at least 1 minute'],
			[{ timeLimit: 'ten' }, 'timeLimit', 'Time limit must be a number of minutes'],
			[{ isActive: 'yes' }, 'isActive', 'isActive must be 1 or 0'],
			[
				{
					questions: [
						{
							...question(1),
							options: question(1).options.map((o) => ({ ...o, isCorrect: false })),
						},
					],
				},
				'questions.0.options',
				'Mark at least one option as correct',
			],
			[
				{ questions: [{ ...question(1), questionText: '' }] },
				'questions.0.questionText',
				'Question text is required',
			],
			[
				{
					questions: [{ ...question(1), options: [{ text: '', isCorrect: true }, { text: 'B' }] }],
				},
				'questions.0.options.0.text',
				'Option text is required',
			],
			[{ questions: [question(1), question(1)] }, 'questions.1.id', 'Question ids must be unique'],
			[
				{ questions: [{ ...question(1), options: [{ text: 'Only', isCorrect: true }] }] },
				'questions.0.options',
				'Give each question at least 2 options',
			],
		]
		for (const [overrides, path, msg] of cases) {
			const answer = await call(api, 'POST', '/qa/create-template', {
				token: tokens.teacher,
				json: validTemplate(overrides),
			})
			expect(answer.status, JSON.stringify(overrides)).toBe(400)
			expect(answer.body.message).toBe('Validation failed')
			expect(answer.body.errors).toContainEqual({ path, msg })
		}
	})

	test('malformed JSON is a 400', async () => {
		const answer = await call(api, 'POST', '/qa/create-template', {
			token: tokens.teacher,
			body: '{"title":',
			headers: { 'content-type': 'application/json' },
		})
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })
	})

	test('students and organizations may not create templates; no token is a 403 too', async () => {
		for (const token of [tokens.student, tokens.organization]) {
			const answer = await call(api, 'POST', '/qa/create-template', {
				token,
				json: validTemplate(),
			})
			expect(answer.status).toBe(403)
			expect(answer.body.message).toBe('You do not have permission to do this')
		}
		const anonymous = await call(api, 'POST', '/qa/create-template', { json: validTemplate() })
		expect(anonymous.status).toBe(403)
		expect(anonymous.body.message).toBe('Access token is missing or expired')
	})
})

describe('GET /qa/templates', () => {
	test(
		'filters by createdBy and isActive, pages, and shows questions only to their creator',
		async () => {
			const api2 = await startApi()
			try {
				const teacher = (await login(api2, 'teacher@example.com')).token
				const student = (await registerStudent(api2)).token
				const make = async (title: string, isActive: number) => {
					const answer = await call(api2, 'POST', '/qa/create-template', {
						token: teacher,
						json: validTemplate({ title, isActive }),
					})
					expect(answer.status).toBe(201)
				}
				await make('Active one', 1)
				await make('Hidden one', 0)
				await make('Active two', 1)

				const mine = await call(api2, 'GET', '/qa/templates?limit=2', { token: teacher })
				expect(mine.status).toBe(200)
				// The seeded demo template is the fourth.
				expect(mine.body.pagination).toEqual({ total: 4, currentPage: 1, totalPages: 2, limit: 2 })
				expect(mine.body.templates.map((t: { title: string }) => t.title)).toEqual([
					'Active two',
					'Hidden one',
				])
				expect(mine.body.templates[0].questions).toHaveLength(2)

				const inactive = await call(api2, 'GET', '/qa/templates?isActive=0', { token: teacher })
				expect(inactive.body.templates.map((t: { title: string }) => t.title)).toEqual([
					'Hidden one',
				])

				const forStudent = await call(api2, 'GET', '/qa/templates', { token: student })
				expect(forStudent.body.pagination.total).toBe(3)
				expect(forStudent.body.templates.every((t: { isActive: number }) => t.isActive === 1)).toBe(
					true,
				)
				expect(forStudent.body.templates[0]).not.toHaveProperty('questions')
				expect(forStudent.body.templates[0].questionCount).toBe(2)

				const studentAsksHidden = await call(api2, 'GET', '/qa/templates?isActive=0', {
					token: student,
				})
				expect(studentAsksHidden.body.templates).toEqual([])
			} finally {
				await api2.close()
			}
		},
		STARTUP_TIMEOUT_MS,
	)

	test('another tutor sees this tutor’s active templates only, without answers', async () => {
		const hidden = await createTemplate(tokens.teacher, { title: 'Private draft', isActive: 0 })
		const shown = await createTemplate(tokens.teacher, { title: 'Shared quiz', isActive: 1 })
		const answer = await call(api, 'GET', `/qa/templates?createdBy=${ids.teacher}&limit=100`, {
			token: tokens.otherTutor,
		})
		const listed = answer.body.templates.map((t: { id: string }) => t.id)
		expect(listed).toContain(shown.id)
		expect(listed).not.toContain(hidden.id)
		expect(answer.body.templates.find((t: { id: string }) => t.id === shown.id)).not.toHaveProperty(
			'questions',
		)
	})

	test('bad filters answer 400', async () => {
		for (const [query, path] of [
			['createdBy=nope', 'createdBy'],
			['isActive=maybe', 'isActive'],
			['page=0', 'page'],
			['limit=500', 'limit'],
		]) {
			const answer = await call(api, 'GET', `/qa/templates?${query}`, { token: tokens.teacher })
			expect(answer.status, query).toBe(400)
			expect(answer.body.errors[0].path).toBe(path)
		}
	})
})

describe('GET /qa/templates/{id}', () => {
	test('the creator reads any of theirs; others only active ones; unknown is 404', async () => {
		const hidden = await createTemplate(tokens.teacher, { isActive: 0 })
		const own = await call(api, 'GET', `/qa/templates/${hidden.id}`, { token: tokens.teacher })
		expect(own.status).toBe(200)
		expect(own.body.template.questions).toHaveLength(2)
		const student = await call(api, 'GET', `/qa/templates/${hidden.id}`, { token: tokens.student })
		expect(student.status).toBe(404)
		expect(student.body.message).toBe('Template not found')
		const unknown = await call(api, 'GET', `/qa/templates/${UNKNOWN_ID}`, { token: tokens.teacher })
		expect(unknown.status).toBe(404)
		const bad = await call(api, 'GET', '/qa/templates/abc', { token: tokens.teacher })
		expect(bad.status).toBe(400)
	})
})

describe('PATCH /qa/templates/{id}/toggle-status', () => {
	test('the creator sets isActive with 1 or 0, or flips it with an empty updates object', async () => {
		const template = await createTemplate(tokens.teacher, { isActive: 0 })
		const on = await call(api, 'PATCH', `/qa/templates/${template.id}/toggle-status`, {
			token: tokens.teacher,
			json: { isActive: 1 },
		})
		expect(on.status).toBe(200)
		expect(on.body.template.isActive).toBe(1)
		const flipped = await call(api, 'PATCH', `/qa/templates/${template.id}/toggle-status`, {
			token: tokens.teacher,
			json: {},
		})
		expect(flipped.body.template.isActive).toBe(0)
	})

	test('another tutor gets 403, a student 403, unknown 404, bad value 400', async () => {
		const template = await createTemplate(tokens.teacher, { isActive: 1 })
		const path = `/qa/templates/${template.id}/toggle-status`
		expect(
			(await call(api, 'PATCH', path, { token: tokens.otherTutor, json: { isActive: 0 } })).status,
		).toBe(403)
		expect(
			(await call(api, 'PATCH', path, { token: tokens.student, json: { isActive: 0 } })).status,
		).toBe(403)
		const unknown = await call(api, 'PATCH', `/qa/templates/${UNKNOWN_ID}/toggle-status`, {
			token: tokens.teacher,
			json: { isActive: 0 },
		})
		expect(unknown.status).toBe(404)
		const bad = await call(api, 'PATCH', path, { token: tokens.teacher, json: { isActive: 2 } })
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'isActive', msg: 'isActive must be 1 or 0' }])
	})
})

describe('DELETE /templates/{id}', () => {
	test('the creator deletes it (no /qa prefix); then it is gone', async () => {
		const template = await createTemplate(tokens.teacher)
		const answer = await call(api, 'DELETE', `/templates/${template.id}`, { token: tokens.teacher })
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({ message: 'Template deleted successfully', id: template.id })
		const again = await call(api, 'DELETE', `/templates/${template.id}`, { token: tokens.teacher })
		expect(again.status).toBe(404)
		expect(again.body.message).toBe('Template not found')
	})

	test('another tutor or a student is refused with 403; a bad id is a 400', async () => {
		const template = await createTemplate(tokens.teacher, { isActive: 1 })
		for (const token of [tokens.otherTutor, tokens.student]) {
			const answer = await call(api, 'DELETE', `/templates/${template.id}`, { token })
			expect(answer.status).toBe(403)
		}
		const still = await call(api, 'GET', `/qa/templates/${template.id}`, { token: tokens.teacher })
		expect(still.status).toBe(200)
		expect(
			(await call(api, 'DELETE', '/templates/not-a-uuid', { token: tokens.teacher })).status,
		).toBe(400)
	})
})
