import { beforeAll, describe, expect, test, vi } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { apiForFile, call, organizationLogin, registerStudent } from './helpers.ts'
import { courseWith, peopleForFile, UNKNOWN_ID } from './library-helpers.ts'

// Each file starts a fresh API and hashes a few passwords: generous limits for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const api = apiForFile()
const people = peopleForFile(api, { firstName: 'Zoë', lastName: 'Łukasz' })
type Session = { token: string; user: { id: string; email: string } }
let organization: Session
let courseId: string
let orgCourseId: string

beforeAll(async () => {
	organization = await organizationLogin(api, 'organization@example.com')
	courseId = await courseWith(
		api,
		{ tutorId: people.teacher.user.id },
		[people.student.user.id],
		'Geometry Basics',
	)
	orgCourseId = await courseWith(
		api,
		{ organizationId: organization.user.id },
		[people.student.user.id],
		'Org Physics',
	)
})

const issue = (token: string, json: unknown) => call(api, 'POST', '/certificates', { token, json })

async function pdfOf(
	path: string,
	token: string,
	query = '',
	headers: Record<string, string> = {},
) {
	const response = await fetch(`${api.baseUrl}${path}${query}`, {
		headers: { authorization: `Bearer ${token}`, ...headers },
	})
	return {
		status: response.status,
		type: response.headers.get('content-type'),
		bytes: Buffer.from(await response.arrayBuffer()),
	}
}

/** Where a line of text stands on the page, as a PDF reader finds it. */
async function lineBox(bytes: Buffer, line: string) {
	const page = await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1)
	const item = (await page.getTextContent()).items.find(
		(entry) => 'str' in entry && entry.str === line,
	) as { transform: number[]; width: number } | undefined
	if (!item) throw new Error(`no line ${line}`)
	return { x: Math.round(item.transform[4]!), width: item.width }
}

describe('issuing certificates', () => {
	test('the course tutor issues once; again answers the same certificate', async () => {
		const first = await issue(people.teacher.token, { courseId, studentId: people.student.user.id })
		expect(first.status).toBe(201)
		expect(first.body).toMatchObject({
			message: 'Certificate issued successfully',
			certificate: {
				courseId,
				courseTitle: 'Geometry Basics',
				studentId: people.student.user.id,
				studentName: 'Zoë Łukasz',
				studentEmail: people.student.user.email,
				issuerName: 'Tia Teach',
				issuedBy: { id: people.teacher.user.id, type: 'tutor' },
			},
		})
		expect(first.body.certificate.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/)
		expect(first.body.certificate.verifyPath).toBe(
			`/verify/certificate/${first.body.certificate.publicId}`,
		)
		const again = await issue(people.teacher.token, { courseId, studentId: people.student.user.id })
		expect(again.status).toBe(200)
		expect(again.body.certificate.id).toBe(first.body.certificate.id)
	})

	test('the course organization issues for its course', async () => {
		const answer = await issue(organization.token, {
			courseId: orgCourseId,
			studentId: people.student.user.id,
		})
		expect(answer.status).toBe(201)
		expect(answer.body.certificate).toMatchObject({
			issuerName: 'Demo Academy',
			issuedBy: { type: 'organization' },
		})
	})

	test('bad input 400, not enrolled 400, not their course 403, unknown 404', async () => {
		expect(
			(await issue(people.teacher.token, { courseId: 'x', studentId: people.student.user.id })).body
				.errors[0].path,
		).toBe('courseId')
		expect((await issue(people.teacher.token, { courseId })).body.errors[0].path).toBe('studentId')
		const notEnrolled = await issue(people.teacher.token, {
			courseId,
			studentId: people.outsider.user.id,
		})
		expect(notEnrolled.status).toBe(400)
		expect(notEnrolled.body.errors).toEqual([
			{ path: 'studentId', msg: 'The student is not enrolled in this course' },
		])
		expect(
			(await issue(people.otherTeacher.token, { courseId, studentId: people.student.user.id }))
				.status,
		).toBe(403)
		expect(
			(await issue(people.student.token, { courseId, studentId: people.student.user.id })).status,
		).toBe(403)
		expect(
			(
				await issue(people.teacher.token, {
					courseId: UNKNOWN_ID,
					studentId: people.student.user.id,
				})
			).status,
		).toBe(404)
		expect((await issue(people.teacher.token, { courseId, studentId: UNKNOWN_ID })).status).toBe(
			404,
		)
	})
})

describe('reading certificates', () => {
	test('the student lists theirs; staff list those of their courses', async () => {
		const mine = await call(api, 'GET', '/certificates', { token: people.student.token })
		expect(
			mine.body.certificates.map((item: { courseTitle: string }) => item.courseTitle).sort(),
		).toEqual(['Geometry Basics', 'Org Physics'])
		expect(mine.body.pagination).toEqual({ total: 2, currentPage: 1, totalPages: 1 })
		const issued = await call(api, 'GET', '/certificates', { token: people.teacher.token })
		expect(
			issued.body.certificates.map((item: { courseTitle: string }) => item.courseTitle),
		).toEqual(['Geometry Basics'])
		expect(
			(await call(api, 'GET', '/certificates', { token: people.outsider.token })).body.certificates,
		).toEqual([])
	})

	test('by course and student: the student, the tutor and nobody else', async () => {
		const path = `/certificates/course/${courseId}/student/${people.student.user.id}`
		expect(
			(await call(api, 'GET', path, { token: people.teacher.token })).body.certificate.courseTitle,
		).toBe('Geometry Basics')
		expect((await call(api, 'GET', path, { token: people.student.token })).status).toBe(200)
		expect((await call(api, 'GET', path, { token: people.outsider.token })).status).toBe(403)
		expect((await call(api, 'GET', path, { token: people.otherTeacher.token })).status).toBe(403)
		expect(
			(
				await call(
					api,
					'GET',
					`/certificates/course/${courseId}/student/${people.outsider.user.id}`,
					{
						token: people.teacher.token,
					},
				)
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'GET', `/certificates/course/nope/student/${people.student.user.id}`, {
					token: people.teacher.token,
				})
			).status,
		).toBe(400)
	})

	test('the PDF carries the names and a link to the verification page of the given origin', async () => {
		const { certificate } = (
			await issue(people.teacher.token, { courseId, studentId: people.student.user.id })
		).body
		const pdf = await pdfOf(
			certificate.pdfPath,
			people.student.token,
			`?origin=${encodeURIComponent('https://tutorhub.example')}`,
		)
		expect(pdf.status).toBe(200)
		expect(pdf.type).toBe('application/pdf')
		expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
		expect(pdf.bytes.toString('latin1')).toContain(
			`/URI (https://tutorhub.example/verify/certificate/${certificate.publicId})`,
		)
		const fallback = await pdfOf(certificate.pdfPath, people.teacher.token)
		expect(fallback.bytes.toString('latin1')).toContain(
			`/URI (http://localhost:3000/verify/certificate/${certificate.publicId})`,
		)
		expect((await pdfOf(certificate.pdfPath, people.outsider.token)).status).toBe(403)
		expect(
			(await pdfOf(certificate.pdfPath, people.student.token, '?origin=javascript:alert(1)'))
				.status,
		).toBe(400)
		expect((await pdfOf(`/certificates/${UNKNOWN_ID}/pdf`, people.student.token)).status).toBe(404)
	})

	test('the PDF prints a Cyrillic name and a Chinese course title as text a reader extracts', async () => {
		const ivan = await registerStudent(api, { firstName: 'Иван', lastName: 'Петров' })
		const chineseCourse = await courseWith(
			api,
			{ tutorId: people.teacher.user.id },
			[ivan.user.id],
			'几何基础',
		)
		const { certificate } = (
			await issue(people.teacher.token, { courseId: chineseCourse, studentId: ivan.user.id })
		).body
		const pdf = await pdfOf(certificate.pdfPath, ivan.token)
		const { text } = await extractText(new Uint8Array(pdf.bytes), { mergePages: true })
		expect(text.split('\n').slice(2, 6)).toEqual([
			'This certifies that',
			'Иван Петров',
			'has successfully completed the course',
			'几何基础',
		])
	})

	test('a PDF downloaded in Arabic has Arabic labels and its lines start at the right', async () => {
		const { certificate } = (
			await issue(people.teacher.token, { courseId, studentId: people.student.user.id })
		).body
		const pdf = await pdfOf(certificate.pdfPath, people.student.token, '', {
			'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5',
		})
		expect(pdf.status).toBe(200)
		const { text } = await extractText(new Uint8Array(pdf.bytes), { mergePages: true })
		const lines = text.split('\n')
		expect(lines.slice(0, 3)).toEqual(['TutorHub', 'شهادة إتمام', 'تشهد هذه الوثيقة بأن'])
		expect(lines).toContain('قد أكمل بنجاح الدورة')
		expect(lines).toContain('امسح للتحقق')
		expect(lines).toContain('تحقّق من صحة هذه الشهادة على:')
		expect(text).not.toContain('Certificate of Completion')
		// Right to left: the lines that start at the left margin in English end at the right one.
		const check = await lineBox(pdf.bytes, 'تحقّق من صحة هذه الشهادة على:')
		expect(check.x).toBeGreaterThan(421)
		expect(check.x + check.width).toBeCloseTo(842 - 60, 0)
		// The PDF says its language, for screen readers.
		expect(pdf.bytes.toString('latin1')).toContain('/Lang (ar)')

		// Without a language asked for, the spec's English.
		const english = await pdfOf(certificate.pdfPath, people.student.token)
		const plain = (await extractText(new Uint8Array(english.bytes), { mergePages: true })).text
		expect(plain.split('\n').slice(0, 3)).toEqual([
			'TutorHub',
			'Certificate of Completion',
			'This certifies that',
		])
		expect((await lineBox(english.bytes, 'Check that this certificate is genuine at:')).x).toBe(60)
	})

	test('verification is public: genuine for the real id, not genuine for a tampered one', async () => {
		const { certificate } = (
			await issue(people.teacher.token, { courseId, studentId: people.student.user.id })
		).body
		const genuine = await call(api, 'GET', `/certificates/verify/${certificate.publicId}`)
		expect(genuine.status).toBe(200)
		expect(genuine.body).toEqual({
			genuine: true,
			certificate: {
				publicId: certificate.publicId,
				studentName: 'Zoë Łukasz',
				courseTitle: 'Geometry Basics',
				issuerName: 'Tia Teach',
				issuedAt: certificate.issuedAt,
			},
		})
		const last = certificate.publicId.at(-1) === 'A' ? 'B' : 'A'
		for (const tampered of [
			`${certificate.publicId.slice(0, -1)}${last}`,
			'not-an-id',
			`${certificate.publicId}x`,
		]) {
			const answer = await call(api, 'GET', `/certificates/verify/${encodeURIComponent(tampered)}`)
			expect(answer.status).toBe(200)
			expect(answer.body).toEqual({ genuine: false, message: 'No certificate has this id' })
		}
	})
})

describe('class lists, where certificates are issued from', () => {
	const students = (token: string, course: string, query = '') =>
		call(api, 'GET', `/courses/${course}/students${query}`, { token })

	test("the course's tutor and organization read who is enrolled", async () => {
		const forTeacher = await students(people.teacher.token, courseId)
		expect(forTeacher.status).toBe(200)
		expect(forTeacher.body).toMatchObject({ total: 1, page: 1 })
		expect(forTeacher.body.students).toEqual([
			expect.objectContaining({
				id: people.student.user.id,
				email: people.student.user.email,
				firstName: 'Zoë',
			}),
		])
		const forOrganization = await students(organization.token, orgCourseId)
		expect(forOrganization.body.students.map((one: { id: string }) => one.id)).toEqual([
			people.student.user.id,
		])
		const secondPage = await students(people.teacher.token, courseId, '?page=2&limit=1')
		expect(secondPage.body).toMatchObject({ students: [], total: 1, page: 2 })
	})

	test('no one else: no token 403, another teacher or organization 403, a student 403, unknown 404, bad id 400', async () => {
		expect((await students(people.otherTeacher.token, courseId)).status).toBe(403)
		expect((await students(organization.token, courseId)).status).toBe(403)
		expect((await students(people.teacher.token, orgCourseId)).status).toBe(403)
		expect((await students(people.student.token, courseId)).status).toBe(403)
		expect((await students(people.teacher.token, UNKNOWN_ID)).status).toBe(404)
		const bad = await students(people.teacher.token, 'not-an-id')
		expect(bad.status).toBe(400)
		expect(bad.body.errors[0].path).toBe('id')
		expect((await call(api, 'GET', `/courses/${courseId}/students`)).status).toBe(403)
	})
})

describe('one student of a class list, as the certificate page names them', () => {
	const one = (token: string | undefined, course: string, studentId: string) =>
		call(api, 'GET', `/courses/${course}/students/${studentId}`, token ? { token } : {})

	test("the course's tutor and organization read the enrolled student's own record", async () => {
		const forTeacher = await one(people.teacher.token, courseId, people.student.user.id)
		expect(forTeacher.status).toBe(200)
		expect(forTeacher.body.student).toMatchObject({
			id: people.student.user.id,
			email: people.student.user.email,
			name: 'Zoë Łukasz',
		})
		const forOrganization = await one(organization.token, orgCourseId, people.student.user.id)
		expect(forOrganization.body.student).toMatchObject({
			id: people.student.user.id,
			email: people.student.user.email,
		})
	})

	test('a student not enrolled, a teacher or an unknown id is 404; bad ids 400', async () => {
		for (const id of [people.outsider.user.id, people.teacher.user.id, UNKNOWN_ID]) {
			const answer = await one(people.teacher.token, courseId, id)
			expect(answer.status, id).toBe(404)
			expect(answer.body.message).toBe('Student not found')
		}
		const bad = await one(people.teacher.token, courseId, 'not-an-id')
		expect(bad.status).toBe(400)
		expect(bad.body.errors[0].path).toBe('studentId')
		expect((await one(people.teacher.token, 'not-an-id', people.student.user.id)).status).toBe(400)
		expect((await one(people.teacher.token, UNKNOWN_ID, people.student.user.id)).status).toBe(404)
	})

	test("no one else reads it: another course's staff, the student, no token: 403", async () => {
		expect((await one(people.otherTeacher.token, courseId, people.student.user.id)).status).toBe(
			403,
		)
		expect((await one(organization.token, courseId, people.student.user.id)).status).toBe(403)
		expect((await one(people.teacher.token, orgCourseId, people.student.user.id)).status).toBe(403)
		expect((await one(people.student.token, courseId, people.student.user.id)).status).toBe(403)
		expect((await one(undefined, courseId, people.student.user.id)).status).toBe(403)
	})
})
