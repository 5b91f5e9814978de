import { beforeAll, describe, expect, test } from 'vitest'
import { apiForFile, call, login, organizationLogin, uniqueEmail } from './helpers.ts'

const api = apiForFile()
const tokens = { student: '', teacher: '', organization: '', otherTeacher: '' }
const ids = { teacher: '', organization: '', otherTeacher: '' }
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const SAMPLE_TITLE = 'Advanced Mathematics: Calculus and Linear Algebra'

const newCourse = (fields: Record<string, unknown> = {}) => ({
	title: 'Statistics for Beginners',
	description: 'Means, medians, spread and simple probability.',
	category: 'Mathematics',
	level: 'Beginner',
	price: { amount: 59.5, currency: 'USD' },
	...fields,
})

async function createCourse(token: string, fields: Record<string, unknown> = {}) {
	const answer = await call(api, 'POST', '/courses/create-course', {
		token,
		json: newCourse(fields),
	})
	if (answer.status !== 201)
		throw new Error(`create course: ${answer.status} ${JSON.stringify(answer.body)}`)
	return answer.body.course
}

beforeAll(async () => {
	tokens.student = (await login(api, 'student@example.com')).token
	const teacher = await login(api, 'teacher@example.com')
	tokens.teacher = teacher.token
	ids.teacher = teacher.user.id
	const organization = await organizationLogin(api, 'organization@example.com')
	tokens.organization = organization.token
	ids.organization = organization.user.id
	const email = uniqueEmail('tutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName: 'Other', lastName: 'Tutor', email, password: 'Lantern-Harbour-42' },
	})
	const other = await login(api, email, 'Lantern-Harbour-42')
	tokens.otherTeacher = other.token
	ids.otherTeacher = other.user.id
})

describe('GET /courses/public/list', () => {
	test('lists the seeded published catalogue with pagination, no token needed', async () => {
		const answer = await call(api, 'GET', '/courses/public/list')
		expect(answer.status).toBe(200)
		// Other demo data may add courses; the six seeded here are always among them.
		const { total } = answer.body.pagination
		expect(total).toBeGreaterThanOrEqual(6)
		expect(answer.body.pagination).toEqual({
			total,
			page: 1,
			currentPage: 1,
			limit: 10,
			totalPages: Math.ceil(total / 10),
		})
		const sample = answer.body.courses.find(
			(course: { title: string }) => course.title === SAMPLE_TITLE,
		)
		expect(sample).toMatchObject({
			level: 'Advanced',
			category: 'Mathematics',
			subcategory: 'Calculus',
			price: { amount: 299.99, currency: 'USD', discounted: 249.99 },
			schedule: { startDate: '2027-01-11', endDate: '2027-04-02', sessionsPerWeek: 2 },
			maxStudents: 30,
			duration: { weeks: 12, hoursPerWeek: 3 },
			isPublished: true,
			teacherId: ids.teacher,
			teacherName: 'Taylor Morgan',
			enrolledStudents: 0,
		})
		expect(sample.modules[0]).toEqual({
			title: 'Limits and Continuity',
			description: expect.any(String),
			duration: '2 weeks',
			topics: expect.arrayContaining(['Continuity']),
		})
		for (const key of ['prerequisites', 'learningOutcomes', 'instructors', 'languages', 'tags']) {
			expect(sample[key].length).toBeGreaterThan(0)
		}
		const algebra = answer.body.courses.find(
			(course: { title: string }) => course.title === 'Algebra Foundations',
		)
		expect(algebra).toMatchObject({ enrolledStudents: 1, price: { amount: 49 } })
	})

	test('filters by category and level, and pages with page and limit', async () => {
		const maths = await call(api, 'GET', '/courses/public/list?category=mathematics&limit=100')
		const titles = maths.body.courses.map((course: { title: string }) => course.title)
		expect(titles).toEqual(expect.arrayContaining([SAMPLE_TITLE, 'Algebra Foundations']))
		expect(titles).not.toContain('Conversational Spanish')
		expect(
			maths.body.courses.every((course: { category: string }) => course.category === 'Mathematics'),
		).toBe(true)
		const advanced = await call(
			api,
			'GET',
			'/courses/public/list?level=Advanced&category=Mathematics',
		)
		expect(advanced.body.courses.map((course: { title: string }) => course.title)).toContain(
			SAMPLE_TITLE,
		)
		expect(
			advanced.body.courses.every((course: { level: string }) => course.level === 'Advanced'),
		).toBe(true)
		const all = await call(api, 'GET', '/courses/public/list?limit=100')
		const total = all.body.pagination.total
		const second = await call(api, 'GET', '/courses/public/list?page=2&limit=4')
		expect(second.body.courses.map((course: { id: string }) => course.id)).toEqual(
			all.body.courses.slice(4, 8).map((course: { id: string }) => course.id),
		)
		expect(second.body.pagination).toMatchObject({
			total,
			page: 2,
			limit: 4,
			totalPages: Math.ceil(total / 4),
		})
	})

	test('never shows unpublished courses, even when asked', async () => {
		const draft = await createCourse(tokens.teacher, { title: 'Hidden draft' })
		const answer = await call(api, 'GET', '/courses/public/list?isPublished=false&limit=100')
		expect(answer.body.courses.map((course: { id: string }) => course.id)).not.toContain(draft.id)
	})

	test('bad filters answer 400 with errors[]', async () => {
		for (const [query, path] of [
			['level=Expert', 'level'],
			['teacherId=42', 'teacherId'],
			['isPublished=yes', 'isPublished'],
			['page=0', 'page'],
		]) {
			const answer = await call(api, 'GET', `/courses/public/list?${query}`)
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual([{ path, msg: expect.any(String) }])
		}
	})
})

describe('GET /courses/list', () => {
	test("a teacher sees published courses and their own drafts, not other teachers' drafts", async () => {
		const mine = await createCourse(tokens.otherTeacher, { title: 'My own draft' })
		const theirs = await createCourse(tokens.teacher, { title: 'Their draft' })
		const answer = await call(api, 'GET', '/courses/list?limit=100', { token: tokens.otherTeacher })
		const listed = answer.body.courses.map((course: { id: string }) => course.id)
		expect(listed).toContain(mine.id)
		expect(listed).not.toContain(theirs.id)
		const own = await call(api, 'GET', `/courses/list?teacherId=${ids.otherTeacher}`, {
			token: tokens.otherTeacher,
		})
		expect(
			own.body.courses.every(
				(course: { teacherId: string }) => course.teacherId === ids.otherTeacher,
			),
		).toBe(true)
		const drafts = await call(
			api,
			'GET',
			`/courses/list?teacherId=${ids.otherTeacher}&isPublished=false`,
			{
				token: tokens.otherTeacher,
			},
		)
		expect(drafts.body.courses.map((course: { id: string }) => course.id)).toContain(mine.id)
	})

	test('an organization filters its own courses by organizationId', async () => {
		const answer = await call(api, 'GET', `/courses/list?organizationId=${ids.organization}`, {
			token: tokens.organization,
		})
		expect(answer.status).toBe(200)
		expect(answer.body.courses.map((course: { title: string }) => course.title)).toContain(
			'SAT Math Preparation',
		)
		expect(
			answer.body.courses.every(
				(course: { organizationId: string }) => course.organizationId === ids.organization,
			),
		).toBe(true)
	})

	test('needs a token', async () => {
		expect((await call(api, 'GET', '/courses/list')).status).toBe(403)
	})
})

describe('POST /courses/create-course', () => {
	test('a teacher creates a course; money is stored in cents and answered in units', async () => {
		const answer = await call(api, 'POST', '/courses/create-course', {
			token: tokens.teacher,
			json: newCourse({
				price: { amount: 19.99, currency: 'EUR', discounted: 9.99 },
				modules: [{ title: 'Week one', topics: ['Mean', 'Median'] }],
				duration: { weeks: 3, hoursPerWeek: 1.5 },
			}),
		})
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe('Course created successfully!')
		expect(answer.body.course).toMatchObject({
			title: 'Statistics for Beginners',
			price: { amount: 19.99, currency: 'EUR', discounted: 9.99 },
			modules: [{ title: 'Week one', description: '', duration: '', topics: ['Mean', 'Median'] }],
			duration: { weeks: 3, hoursPerWeek: 1.5 },
			isPublished: false,
			teacherId: ids.teacher,
			enrolledStudents: 0,
		})
		const row = await api.db
			.selectFrom('courses')
			.select(['price_amount', 'price_discounted'])
			.where('id', '=', answer.body.course.id)
			.executeTakeFirstOrThrow()
		expect(row).toEqual({ price_amount: 1999, price_discounted: 999 })
	})

	test('an organization creates a course of its own', async () => {
		const course = await createCourse(tokens.organization)
		expect(course).toMatchObject({ organizationId: ids.organization, teacherId: null })
	})

	test('bad bodies answer 400 with errors[]', async () => {
		const cases: [unknown, string][] = [
			[newCourse({ title: '' }), 'title'],
			[newCourse({ level: 'Expert' }), 'level'],
			[newCourse({ category: 'Cooking' }), 'category'],
			[newCourse({ price: { amount: 10.001, currency: 'USD' } }), 'price.amount'],
			[newCourse({ price: { amount: 10, currency: 'USD', discounted: 12 } }), 'price.discounted'],
			[newCourse({ price: { amount: 10, currency: 'XYZ' } }), 'price.currency'],
			[newCourse({ maxStudents: 0 }), 'maxStudents'],
			[
				newCourse({
					schedule: {
						startDate: '2027-02-01',
						endDate: '2027-01-01',
						sessionsPerWeek: 1,
						timeSlots: [],
					},
				}),
				'schedule.endDate',
			],
		]
		for (const [json, path] of cases) {
			const answer = await call(api, 'POST', '/courses/create-course', {
				token: tokens.teacher,
				json,
			})
			expect(answer.status, path).toBe(400)
			expect(answer.body.message).toBe('Validation failed')
			expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path)
		}
		const broken = await call(api, 'POST', '/courses/create-course', {
			token: tokens.teacher,
			body: '{"title":',
			headers: { 'content-type': 'application/json' },
		})
		expect(broken.status).toBe(400)
		expect(broken.body).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })
	})

	test('a student may not create courses', async () => {
		const answer = await call(api, 'POST', '/courses/create-course', {
			token: tokens.student,
			json: newCourse(),
		})
		expect(answer.status).toBe(403)
	})
})

describe('PUT /courses/update-course/{id}', () => {
	test('the owner updates some fields and leaves the others', async () => {
		const course = await createCourse(tokens.teacher, { tags: ['stats'], languages: ['English'] })
		const answer = await call(api, 'PUT', `/courses/update-course/${course.id}`, {
			token: tokens.teacher,
			json: { title: 'Statistics, Gently', isPublished: true, languages: ['English', 'French'] },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.message).toBe('Course updated successfully')
		expect(answer.body.course).toMatchObject({
			title: 'Statistics, Gently',
			isPublished: true,
			description: course.description,
			tags: ['stats'],
			languages: ['English', 'French'],
		})
		const listed = await call(api, 'GET', '/courses/public/list?limit=100')
		expect(listed.body.courses.map((item: { id: string }) => item.id)).toContain(course.id)
	})

	test('another teacher, an organization or a student gets 403; unknown 404; bad 400', async () => {
		const course = await createCourse(tokens.teacher)
		for (const token of [tokens.otherTeacher, tokens.organization]) {
			const answer = await call(api, 'PUT', `/courses/update-course/${course.id}`, {
				token,
				json: { title: 'Mine now' },
			})
			expect(answer.status).toBe(403)
			expect(answer.body).toEqual({
				message: 'You do not have permission to do this',
				code: 'forbidden',
			})
		}
		const student = await call(api, 'PUT', `/courses/update-course/${course.id}`, {
			token: tokens.student,
			json: { title: 'Mine now' },
		})
		expect(student.status).toBe(403)
		const unknown = await call(api, 'PUT', `/courses/update-course/${UNKNOWN_ID}`, {
			token: tokens.teacher,
			json: { title: 'x' },
		})
		expect(unknown.status).toBe(404)
		expect(unknown.body).toEqual({ message: 'Course not found', code: 'not_found' })
		const bad = await call(api, 'PUT', `/courses/update-course/${course.id}`, {
			token: tokens.teacher,
			json: { level: 'Guru' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'level', msg: expect.any(String) }])
		const badId = await call(api, 'PUT', '/courses/update-course/abc', {
			token: tokens.teacher,
			json: {},
		})
		expect(badId.status).toBe(400)
	})

	test('max students may equal the enrolled count', async () => {
		const algebra = (
			await call(api, 'GET', '/courses/public/list?category=Mathematics&level=Beginner')
		).body.courses.find((course: { title: string }) => course.title === 'Algebra Foundations')
		const answer = await call(api, 'PUT', `/courses/update-course/${algebra.id}`, {
			token: tokens.teacher,
			json: { maxStudents: 1 },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.course).toMatchObject({ maxStudents: 1, enrolledStudents: 1 })
	})
})

describe('DELETE /courses/delete-course/{id}', () => {
	test('the owner deletes a course; it is gone afterwards', async () => {
		const course = await createCourse(tokens.teacher)
		const stranger = await call(api, 'DELETE', `/courses/delete-course/${course.id}`, {
			token: tokens.otherTeacher,
		})
		expect(stranger.status).toBe(403)
		const answer = await call(api, 'DELETE', `/courses/delete-course/${course.id}`, {
			token: tokens.teacher,
		})
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({ message: 'Course deleted successfully', id: course.id })
		const again = await call(api, 'DELETE', `/courses/delete-course/${course.id}`, {
			token: tokens.teacher,
		})
		expect(again.status).toBe(404)
		expect(
			(await call(api, 'GET', `/courses/${course.id}`, { token: tokens.teacher })).status,
		).toBe(404)
	})

	test('a course with enrolled students is kept (409)', async () => {
		const algebra = (await call(api, 'GET', '/courses/public/list?limit=100')).body.courses.find(
			(course: { title: string }) => course.title === 'Algebra Foundations',
		)
		const answer = await call(api, 'DELETE', `/courses/delete-course/${algebra.id}`, {
			token: tokens.teacher,
		})
		expect(answer.status).toBe(409)
		expect(answer.body.message).toMatch(/enrolled students/)
	})
})

describe('GET /courses/{id} and /courses/enrolled', () => {
	test('anyone reads a published course; a draft only its owner', async () => {
		const draft = await createCourse(tokens.teacher)
		expect((await call(api, 'GET', `/courses/${draft.id}`)).status).toBe(404)
		expect(
			(await call(api, 'GET', `/courses/${draft.id}`, { token: tokens.otherTeacher })).status,
		).toBe(404)
		const own = await call(api, 'GET', `/courses/${draft.id}`, { token: tokens.teacher })
		expect(own.status).toBe(200)
		expect(own.body).toMatchObject({ course: { id: draft.id }, enrolled: false })
		expect((await call(api, 'GET', `/courses/${draft.id}`, { token: 'not-a-token' })).status).toBe(
			403,
		)
	})

	test('the demo student is enrolled in Algebra Foundations and lists it', async () => {
		const answer = await call(api, 'GET', '/courses/enrolled', { token: tokens.student })
		expect(answer.status).toBe(200)
		expect(answer.body.courses.map((course: { title: string }) => course.title)).toEqual([
			'Algebra Foundations',
		])
		expect(answer.body.pagination).toMatchObject({ total: 1, page: 1 })
		const detail = await call(api, 'GET', `/courses/${answer.body.courses[0].id}`, {
			token: tokens.student,
		})
		expect(detail.body.enrolled).toBe(true)
		expect((await call(api, 'GET', '/courses/enrolled', { token: tokens.teacher })).status).toBe(
			403,
		)
	})
})
