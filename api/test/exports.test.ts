import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, test } from 'vitest'
import { apiForFile, call, login, registerStudent, uniqueEmail } from './helpers.ts'
import { studentsWithScores } from '../src/scores/repository.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const api = apiForFile()
let teacher: { token: string; user: { id: string } }
let otherTeacher: { token: string }
let courseId: string
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
	teacher = await login(api, 'teacher@example.com')
	const email = uniqueEmail('tutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: { firstName: 'Other', lastName: 'Tutor', email, password: 'Lantern-Harbour-42' },
	})
	otherTeacher = await login(api, email, 'Lantern-Harbour-42')
	const course = await call(api, 'POST', '/courses/create-course', {
		token: teacher.token,
		json: {
			title: '@Export Course',
			description: 'For the CSV checks.',
			category: 'Science',
			level: 'Beginner',
			price: { amount: 10, currency: 'USD' },
			isPublished: true,
		},
	})
	courseId = course.body.course.id
})

/** A download: status, headers and the parsed rows (BOM checked and dropped). */
async function download(path: string, token?: string, headers: Record<string, string> = {}) {
	const response = await fetch(`${api.baseUrl}${path}`, {
		headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
	})
	const bytes = new Uint8Array(await response.arrayBuffer())
	const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
	return {
		status: response.status,
		headers: response.headers,
		bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf,
		text,
		rows: response.ok ? (parse(text, { bom: true }) as string[][]) : [],
	}
}

async function enrolled(firstName: string, lastName: string) {
	const student = await registerStudent(api, { firstName, lastName })
	await api.db
		.insertInto('enrollments')
		.values({ course_id: courseId, student_id: student.user.id })
		.execute()
	return student
}

/** A task of the export course, due tomorrow. */
async function createTask(title: string) {
	const form = new FormData()
	form.set('courseId', courseId)
	form.set('title', title)
	form.set('dueDate', new Date(Date.now() + 86_400_000).toISOString())
	const answer = await call(api, 'POST', '/tasks/create-task', { token: teacher.token, body: form })
	expect(answer.status).toBe(201)
	return answer.body.task as { id: string }
}

describe('GET /tasks/{taskId}/submissions/export', () => {
	test('the task’s tutor gets every student’s row with grades, neutralised and quoted', async () => {
		const task = await createTask('Essay, "draft" one')
		const ada = await enrolled('Ada', 'Ames')
		await enrolled('Bea', 'Bloom')
		const work = new FormData()
		work.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'work.pdf')
		work.set('comment', '=HYPERLINK("http://evil.example","click")')
		const submitted = await call(api, 'POST', `/tasks/${task.id}/submit`, {
			token: ada.token,
			body: work,
		})
		expect(submitted.status).toBe(201)
		const graded = await call(api, 'PATCH', `/tasks/${submitted.body.data.id}/grade`, {
			token: teacher.token,
			json: { grade: 87, feedback: '+ well argued, see notes' },
		})
		expect(graded.status).toBe(200)

		const csv = await download(`/tasks/${task.id}/submissions/export`, teacher.token)
		expect(csv.status).toBe(200)
		expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(csv.headers.get('content-disposition')).toBe(
			'attachment; filename="submissions-essay-draft-one.csv"',
		)
		expect(csv.headers.get('cache-control')).toBe('private, no-store')
		expect(csv.bom).toBe(true)
		expect(csv.text).toContain('\r\n')
		const [header, ...rows] = csv.rows
		expect(header).toEqual([
			'Student',
			'Email',
			'Status',
			'Submitted at',
			'File',
			'Comment',
			'Grade',
			'Feedback',
			'Graded at',
		])
		const adaRow = rows.find((row) => row[0] === 'Ada Ames')
		expect(adaRow).toEqual([
			'Ada Ames',
			ada.email,
			'Graded',
			expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
			'work.pdf',
			`'=HYPERLINK("http://evil.example","click")`,
			'87',
			"'+ well argued, see notes",
			expect.stringMatching(/UTC$/),
		])
		expect(rows.find((row) => row[0] === 'Bea Bloom')?.slice(2, 7)).toEqual([
			'Pending',
			'',
			'',
			'',
			'',
		])
	})

	test('another tutor gets 403, a student 403, an unknown task 404, a bad id 400, no token 403', async () => {
		const task = await createTask('Private task')
		const student = await login(api, 'student@example.com')
		expect(
			(await download(`/tasks/${task.id}/submissions/export`, otherTeacher.token)).status,
		).toBe(403)
		expect((await download(`/tasks/${task.id}/submissions/export`, student.token)).status).toBe(403)
		expect((await download(`/tasks/${UNKNOWN_ID}/submissions/export`, teacher.token)).status).toBe(
			404,
		)
		expect((await download('/tasks/not-a-uuid/submissions/export', teacher.token)).status).toBe(400)
		expect((await download(`/tasks/${task.id}/submissions/export`)).status).toBe(403)
	})
})

describe('GET /courses/{id}/students/export', () => {
	test('the class list by last name, for the course’s tutor only', async () => {
		const csv = await download(`/courses/${courseId}/students/export`, teacher.token)
		expect(csv.status).toBe(200)
		expect(csv.bom).toBe(true)
		expect(csv.headers.get('content-disposition')).toBe(
			'attachment; filename="class-list-export-course.csv"',
		)
		const [header, ...rows] = csv.rows
		expect(header).toEqual(['First name', 'Last name', 'Email', 'Course'])
		expect(rows.map((row) => row[1])).toEqual([...rows.map((row) => row[1])].sort())
		expect(rows.find((row) => row[0] === 'Ada')).toEqual([
			'Ada',
			'Ames',
			expect.any(String),
			"'@Export Course",
		])
		expect(
			(await download(`/courses/${courseId}/students/export`, otherTeacher.token)).status,
		).toBe(403)
		expect((await download(`/courses/${UNKNOWN_ID}/students/export`, teacher.token)).status).toBe(
			404,
		)
		const student = await login(api, 'student@example.com')
		expect((await download(`/courses/${courseId}/students/export`, student.token)).status).toBe(403)
	})

	test('the headers are in the language of whoever downloads (decision 064)', async () => {
		const path = `/courses/${courseId}/students/export`
		const inSpanish = await download(path, teacher.token, { 'accept-language': 'es-MX,es;q=0.9' })
		expect(inSpanish.rows[0]).toEqual(['Nombre', 'Apellidos', 'Correo electrónico', 'Curso'])
		const inFrench = await download(path, teacher.token, { 'accept-language': 'fr' })
		expect(inFrench.rows[0]).toEqual(['Prénom', 'Nom', 'Adresse e-mail', 'Cours'])
		// The rows are the same data whatever the language.
		expect(inSpanish.rows.slice(1)).toEqual(inFrench.rows.slice(1))
	})
})

describe('organization score grid and result cards', () => {
	test('the grid of a term and its result cards, one row per student; other organizations 403', async () => {
		const organization = await newOrganization(api)
		const first = await newMember(api, organization.token, 'student', {
			firstName: 'Zoe',
			lastName: 'Adams',
		})
		const second = await newMember(api, organization.token, 'student', {
			firstName: 'Yan',
			lastName: 'Brook',
		})
		const saved = await call(api, 'PUT', `/organizations/${organization.id}/scores`, {
			token: organization.token,
			json: {
				term: '-Term 1',
				scores: [
					{ studentId: first.id, subject: 'Maths', score: 91 },
					{ studentId: first.id, subject: '=cmd', score: 70.5 },
					{ studentId: second.id, subject: 'Maths', score: 55 },
				],
			},
		})
		expect(saved.status).toBe(200)

		const grid = await download(
			`/organizations/${organization.id}/scores/export?term=-Term%201`,
			organization.token,
		)
		expect(grid.status).toBe(200)
		expect(grid.bom).toBe(true)
		expect(grid.headers.get('content-disposition')).toBe('attachment; filename="scores-term-1.csv"')
		expect(grid.rows).toEqual([
			['Student', 'Email', 'Term', "'=cmd", 'Maths'],
			['Zoe Adams', first.email, "'-Term 1", '70.5', '91'],
			['Yan Brook', second.email, "'-Term 1", '', '55'],
		])
		// Without a term: the latest one.
		expect(
			(await download(`/organizations/${organization.id}/scores/export`, organization.token)).rows,
		).toEqual(grid.rows)

		const cards = await download(
			`/organizations/${organization.id}/result-cards/export`,
			organization.token,
		)
		expect(cards.status).toBe(200)
		expect(cards.bom).toBe(true)
		expect(cards.rows).toEqual([
			['Student', 'Email', 'Term', "'=cmd", 'Maths', 'Average', 'Band'],
			['Zoe Adams', first.email, "'-Term 1", '70.5', '91', '80.75', '80-90'],
			['Yan Brook', second.email, "'-Term 1", '', '55', '55', '0-60'],
		])

		const stranger = await newOrganization(api)
		for (const path of ['scores', 'result-cards']) {
			expect(
				(await download(`/organizations/${organization.id}/${path}/export`, stranger.token)).status,
			).toBe(403)
			expect(
				(await download(`/organizations/${organization.id}/${path}/export`, teacher.token)).status,
			).toBe(403)
			expect(
				(
					await download(
						`/organizations/${organization.id}/${path}/export?term=${'x'.repeat(51)}`,
						organization.token,
					)
				).status,
			).toBe(400)
		}
	})

	test('an organization with no scores yet gets a header and its students', async () => {
		const organization = await newOrganization(api)
		const member = await newMember(api, organization.token, 'student', {
			firstName: 'Una',
			lastName: 'Cole',
		})
		const grid = await download(
			`/organizations/${organization.id}/scores/export`,
			organization.token,
		)
		expect(grid.rows).toEqual([
			['Student', 'Email', 'Term'],
			['Una Cole', member.email, ''],
		])
		const cards = await download(
			`/organizations/${organization.id}/result-cards/export`,
			organization.token,
		)
		expect(cards.rows).toEqual([['Student', 'Email', 'Term', 'Average', 'Band']])
		expect(cards.headers.get('content-disposition')).toBe(
			'attachment; filename="result-cards-no-term.csv"',
		)
	})
})

describe('organization exports stream the whole term (issue 28)', () => {
	test('students are read a batch at a time by name, ties and all, each with their scores', async () => {
		const organization = await newOrganization(api)
		// Seven students, three of them with one name (the keyset breaks ties by id), one unscored.
		const names: [string, string][] = [
			['Ann', 'Able'],
			['Sam', 'Same'],
			['Sam', 'Same'],
			['Sam', 'Same'],
			['Bo', 'Zed'],
			['Cy', 'Moss'],
			['Di', 'Unscored'],
		]
		const members: { id: string; email: string; firstName: string; lastName: string }[] = []
		for (const [firstName, lastName] of names) {
			members.push({
				...(await newMember(api, organization.token, 'student', { firstName, lastName })),
				firstName,
				lastName,
			})
		}
		const scored = members.filter((member) => member.lastName !== 'Unscored')
		const saved = await call(api, 'PUT', `/organizations/${organization.id}/scores`, {
			token: organization.token,
			json: {
				term: 'T1',
				scores: scored.flatMap((member, index) => [
					{ studentId: member.id, subject: 'Maths', score: 50 + index },
					{ studentId: member.id, subject: 'Art', score: 90 - index },
				]),
			},
		})
		expect(saved.status).toBe(200)

		const batches: {
			students: { id: string; last_name: string }[]
			scores: { student_id: string }[]
		}[] = []
		for await (const batch of studentsWithScores(api.db, organization.id, {
			term: 'T1',
			batch: 3,
		})) {
			batches.push(batch)
		}
		expect(batches.map((batch) => batch.students.length)).toEqual([3, 3, 1])
		const order = batches.flatMap((batch) => batch.students.map((student) => student.id))
		expect(new Set(order).size).toBe(7)
		const byName = [...members].sort(
			(a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
		)
		expect(order.map((id) => members.find((member) => member.id === id)?.lastName)).toEqual(
			byName.map((member) => member.lastName),
		)
		for (const batch of batches) {
			const ids = new Set(batch.students.map((student) => student.id))
			expect(batch.scores.every((score) => ids.has(score.student_id))).toBe(true)
			const expected = batch.students.filter((student) => student.last_name !== 'Unscored')
			expect(batch.scores).toHaveLength(expected.length * 2)
		}
		const cardBatches: number[] = []
		for await (const batch of studentsWithScores(api.db, organization.id, {
			term: 'T1',
			scoredIn: 'T1',
			batch: 2,
		})) {
			cardBatches.push(batch.students.length)
		}
		expect(cardBatches).toEqual([2, 2, 2])

		// Over HTTP: every student in the grid, every scored one in the result cards.
		const grid = await download(
			`/organizations/${organization.id}/scores/export`,
			organization.token,
		)
		expect(grid.rows[0]).toEqual(['Student', 'Email', 'Term', 'Art', 'Maths'])
		expect(grid.rows.slice(1).map((row) => row[1])).toEqual(
			order.map((id) => members.find((member) => member.id === id)?.email),
		)
		const cards = await download(
			`/organizations/${organization.id}/result-cards/export`,
			organization.token,
		)
		expect(cards.rows).toHaveLength(1 + 6)
		expect(cards.rows.every((row) => row[0] !== 'Di Unscored')).toBe(true)
	})
})
