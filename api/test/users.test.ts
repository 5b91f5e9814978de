import { beforeAll, describe, expect, test } from 'vitest'
import {
	apiForFile,
	call,
	login,
	organizationLogin,
	registerStudent,
	uniqueEmail,
} from './helpers.ts'

const api = apiForFile()
const tokens: Record<'student' | 'teacher' | 'orgStudent' | 'organization', string> = {
	student: '',
	teacher: '',
	orgStudent: '',
	organization: '',
}
const ids = { student: '', teacher: '', orgStudent: '', organization: '' }

beforeAll(async () => {
	for (const [name, email] of [
		['student', 'student@example.com'],
		['teacher', 'teacher@example.com'],
		['orgStudent', 'orgstudent@example.com'],
	] as const) {
		const session = await login(api, email)
		tokens[name] = session.token
		ids[name] = session.user.id
	}
	const organization = await organizationLogin(api, 'organization@example.com')
	tokens.organization = organization.token
	ids.organization = organization.user.id
})

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

describe('GET /users/tutors', () => {
	test('any signed-in account lists tutors with total and page, without their email or phone', async () => {
		for (const token of [tokens.student, tokens.organization]) {
			const answer = await call(api, 'GET', '/users/tutors', { token })
			expect(answer.status).toBe(200)
			expect(answer.body).toMatchObject({ page: 1, total: answer.body.tutors.length })
			expect(answer.body.tutors).toEqual(
				expect.arrayContaining([expect.objectContaining({ name: 'Taylor Morgan', role: 'tutor' })]),
			)
			// Only the organization's own teachers come with their contact details.
			expect(JSON.stringify(answer.body)).not.toContain('"teacher@example.com"')
			for (const teacher of answer.body.tutors) {
				const own = token === tokens.organization && teacher.email === 'orgteacher@example.com'
				if (!own) expect(teacher).not.toHaveProperty('email')
				if (!own) expect(teacher).not.toHaveProperty('phone')
			}
			for (const teacher of answer.body.tutors) {
				expect(teacher.role).toBe('tutor')
				expect(teacher).not.toHaveProperty('subjects')
			}
		}
	})

	test('pages through with page and limit', async () => {
		for (const name of ['Zed', 'Abe']) {
			await call(api, 'POST', '/auth/register-tutor', {
				json: {
					firstName: name,
					lastName: 'Paged',
					email: uniqueEmail(),
					password: 'Lantern-Harbour-42',
				},
			})
		}
		const all = await call(api, 'GET', '/users/tutors?limit=100', { token: tokens.student })
		const names = all.body.tutors.map((teacher: { name: string }) => teacher.name)
		expect(names).toEqual(expect.arrayContaining(['Abe Paged', 'Zed Paged']))
		const first = await call(api, 'GET', '/users/tutors?page=1&limit=2', { token: tokens.student })
		const second = await call(api, 'GET', '/users/tutors?page=2&limit=2', { token: tokens.student })
		expect(first.body).toMatchObject({ page: 1, total: names.length })
		expect(first.body.tutors.map((teacher: { name: string }) => teacher.name)).toEqual(
			names.slice(0, 2),
		)
		expect(second.body).toMatchObject({ page: 2, total: names.length })
		expect(second.body.tutors.map((teacher: { name: string }) => teacher.name)).toEqual(
			names.slice(2, 4),
		)
	})

	test('bad page or limit answers 400', async () => {
		const cases = [
			['page=0', 'page'],
			['page=abc', 'page'],
			['limit=101', 'limit'],
			['limit=0', 'limit'],
			['limit=2.5', 'limit'],
		]
		for (const [query, path] of cases) {
			const answer = await call(api, 'GET', `/users/tutors?${query}`, { token: tokens.student })
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual([{ path, msg: expect.any(String) }])
		}
	})

	test('without a token answers 403', async () => {
		const answer = await call(api, 'GET', '/users/tutors')
		expect(answer.status).toBe(403)
	})
})

describe('GET /users/student-profile/{id}', () => {
	test('the student reads their own profile with the student role fields', async () => {
		const answer = await call(api, 'GET', `/users/student-profile/${ids.student}`, {
			token: tokens.student,
		})
		expect(answer.status).toBe(200)
		expect(answer.body.studentProfile).toMatchObject({
			id: ids.student,
			email: 'student@example.com',
			gradeLevel: null,
			dateOfBirth: null,
			guardianName: null,
		})
		expect(answer.body.studentProfile).not.toHaveProperty('subjects')
	})

	test('a tutor reads a student they teach but not one they do not', async () => {
		const taught = await call(api, 'GET', `/users/student-profile/${ids.student}`, {
			token: tokens.teacher,
		})
		expect(taught.status).toBe(200)
		const other = await call(api, 'GET', `/users/student-profile/${ids.orgStudent}`, {
			token: tokens.teacher,
		})
		expect(other.status).toBe(403)
		expect(other.body).toEqual({
			message: 'You do not have permission to do this',
			code: 'forbidden',
		})
	})

	test('an organization reads its own students only', async () => {
		const member = await call(api, 'GET', `/users/student-profile/${ids.orgStudent}`, {
			token: tokens.organization,
		})
		expect(member.status).toBe(200)
		expect(member.body.studentProfile.organization_id).toBe(ids.organization)
		const outsider = await call(api, 'GET', `/users/student-profile/${ids.student}`, {
			token: tokens.organization,
		})
		expect(outsider.status).toBe(403)
	})

	test("a student cannot read another student's profile", async () => {
		const answer = await call(api, 'GET', `/users/student-profile/${ids.orgStudent}`, {
			token: tokens.student,
		})
		expect(answer.status).toBe(403)
		expect(answer.body).toEqual({
			message: 'You do not have permission to do this',
			code: 'forbidden',
		})
	})

	test('unknown ids and tutor ids answer 404, a non-UUID 400', async () => {
		for (const id of [UNKNOWN_ID, ids.teacher]) {
			const answer = await call(api, 'GET', `/users/student-profile/${id}`, {
				token: tokens.student,
			})
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'Student not found', code: 'not_found' })
		}
		const bad = await call(api, 'GET', '/users/student-profile/42', { token: tokens.student })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual({
			message: 'Validation failed',
			code: 'validation_failed',
			errors: [{ path: 'id', msg: 'id must be a UUID' }],
		})
	})
})

describe('GET /users/tutor-profile/{id}', () => {
	test('any signed-in account reads a tutor profile with the tutor role fields', async () => {
		const answer = await call(api, 'GET', `/users/tutor-profile/${ids.teacher}`, {
			token: tokens.orgStudent,
		})
		expect(answer.status).toBe(200)
		expect(answer.body.tutorProfile).toMatchObject({
			id: ids.teacher,
			name: 'Taylor Morgan',
			subjects: ['Mathematics'],
			qualifications: null,
			experienceYears: null,
		})
	})

	test('a student id or unknown id answers 404', async () => {
		for (const id of [ids.student, UNKNOWN_ID]) {
			const answer = await call(api, 'GET', `/users/tutor-profile/${id}`, { token: tokens.student })
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'Tutor not found', code: 'not_found' })
		}
	})
})

describe('phone numbers', () => {
	const PHONE_ERROR =
		'Phone number must have 7 to 15 digits, with only spaces, dashes, dots, brackets and a leading +'

	test('registration and profile updates refuse text that is not a phone number, and store nothing', async () => {
		const email = uniqueEmail('phone')
		const refused = await call(api, 'POST', '/auth/register-student', {
			json: {
				firstName: 'Pho',
				lastName: 'Ne',
				email,
				password: 'Lantern-Harbour-42',
				phone: 'call me maybe',
			},
		})
		expect(refused.status).toBe(400)
		expect(refused.body.errors).toEqual([{ path: 'phone', msg: PHONE_ERROR }])
		expect(
			(await call(api, 'POST', '/auth/login', { json: { email, password: 'Lantern-Harbour-42' } }))
				.status,
		).toBe(401)

		const { token } = await registerStudent(api, { phone: '+44 20 7946 0958' })
		for (const phone of ['12345', '+1 555 0100 ext 2', '1234567890123456', '5+550100']) {
			const answer = await call(api, 'PUT', '/users/student/profile', { token, json: { phone } })
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual([{ path: 'phone', msg: PHONE_ERROR }])
		}
		const teacher = await call(api, 'POST', '/auth/register-tutor', {
			json: {
				firstName: 'T',
				lastName: 'U',
				email: uniqueEmail('tutor'),
				password: 'Lantern-Harbour-42',
				phone: 'none',
			},
		})
		expect(teacher.status).toBe(400)
		const kept = await call(api, 'PUT', '/users/student/profile', {
			token,
			json: { phone: '(020) 7946.0958' },
		})
		expect(kept.status).toBe(200)
		expect(kept.body.profile.phone).toBe('(020) 7946.0958')
	})
})

describe('PUT /users/student/profile', () => {
	test('a student updates their own fields; unsent fields stay, null clears', async () => {
		const { token } = await registerStudent(api, { phone: '555-0100' })
		const first = await call(api, 'PUT', '/users/student/profile', {
			token,
			json: {
				firstName: 'Renamed',
				bio: 'Likes maths',
				gradeLevel: '9',
				dateOfBirth: '2010-02-28',
				guardianName: 'Pat',
			},
		})
		expect(first.status).toBe(200)
		expect(first.body).toEqual({
			message: 'Profile updated successfully',
			profile: expect.objectContaining({
				firstName: 'Renamed',
				lastName: 'Dent',
				name: 'Renamed Dent',
				phone: '555-0100',
				bio: 'Likes maths',
				gradeLevel: '9',
				dateOfBirth: '2010-02-28',
				guardianName: 'Pat',
			}),
		})
		const second = await call(api, 'PUT', '/users/student/profile', {
			token,
			json: { phone: null, gradeLevel: '' },
		})
		expect(second.body.profile).toMatchObject({
			firstName: 'Renamed',
			phone: null,
			bio: 'Likes maths',
			gradeLevel: null,
			guardianName: 'Pat',
		})
		const read = await call(api, 'GET', `/users/student-profile/${second.body.profile.id}`, {
			token,
		})
		expect(read.body.studentProfile).toEqual(second.body.profile)
	})

	test('bad values answer 400 naming each field', async () => {
		const answer = await call(api, 'PUT', '/users/student/profile', {
			token: tokens.student,
			json: { firstName: '', dateOfBirth: '2010-02-30', guardianName: ['x'] },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{ path: 'firstName', msg: 'First name is required' },
			{ path: 'dateOfBirth', msg: 'Enter a past date of birth as YYYY-MM-DD' },
			{ path: 'guardianName', msg: 'Guardian name must be text' },
		])
		const future = await call(api, 'PUT', '/users/student/profile', {
			token: tokens.student,
			json: { dateOfBirth: '2999-01-01' },
		})
		expect(future.status).toBe(400)
	})

	test('tutors and organizations may not use it', async () => {
		for (const token of [tokens.teacher, tokens.organization]) {
			const answer = await call(api, 'PUT', '/users/student/profile', { token, json: { bio: 'x' } })
			expect(answer.status).toBe(403)
		}
	})
})

describe('PUT /users/tutor/profile', () => {
	test('a tutor updates subjects, qualifications and experience', async () => {
		const email = uniqueEmail('tutor')
		await call(api, 'POST', '/auth/register-tutor', {
			json: {
				firstName: 'Tia',
				lastName: 'Teach',
				email,
				password: 'Lantern-Harbour-42',
				subjects: ['Art'],
			},
		})
		const { token } = await login(api, email, 'Lantern-Harbour-42')
		const answer = await call(api, 'PUT', '/users/tutor/profile', {
			token,
			json: {
				subjects: ['History', 'History', 'Latin'],
				qualifications: 'MA',
				experienceYears: 7,
				lastName: 'Teacher',
			},
		})
		expect(answer.status).toBe(200)
		expect(answer.body.profile).toMatchObject({
			name: 'Tia Teacher',
			subjects: ['History', 'Latin'],
			qualifications: 'MA',
			experienceYears: 7,
		})
	})

	test('bad values answer 400 and students may not use it', async () => {
		const bad = await call(api, 'PUT', '/users/tutor/profile', {
			token: tokens.teacher,
			json: { experienceYears: 2.5, subjects: ['ok', ''] },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([
			{ path: 'subjects.1', msg: 'Subject is required' },
			{ path: 'experienceYears', msg: 'Experience must be a whole number of years' },
		])
		const negative = await call(api, 'PUT', '/users/tutor/profile', {
			token: tokens.teacher,
			json: { experienceYears: -1 },
		})
		expect(negative.body.errors).toEqual([
			{ path: 'experienceYears', msg: 'Experience cannot be negative' },
		])
		const student = await call(api, 'PUT', '/users/tutor/profile', {
			token: tokens.student,
			json: {},
		})
		expect(student.status).toBe(403)
	})
})

describe('GET /users/tutor/students', () => {
	test("lists the students enrolled in the tutor's courses", async () => {
		const answer = await call(api, 'GET', '/users/tutor/students', { token: tokens.teacher })
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({
			students: [expect.objectContaining({ id: ids.student })],
			total: 1,
			page: 1,
		})
	})

	test('a tutor without courses has none; students may not call it', async () => {
		const email = uniqueEmail('tutor')
		await call(api, 'POST', '/auth/register-tutor', {
			json: { firstName: 'New', lastName: 'Tutor', email, password: 'Lantern-Harbour-42' },
		})
		const { token } = await login(api, email, 'Lantern-Harbour-42')
		const answer = await call(api, 'GET', '/users/tutor/students', { token })
		expect(answer.body).toEqual({ students: [], total: 0, page: 1 })
		const student = await call(api, 'GET', '/users/tutor/students', { token: tokens.student })
		expect(student.status).toBe(403)
	})
})

describe('GET /users/organization/{organizationId}/students', () => {
	test('the organization lists its own students', async () => {
		const answer = await call(
			api,
			'GET',
			`/users/organization/${ids.organization}/students?limit=5`,
			{ token: tokens.organization },
		)
		expect(answer.status).toBe(200)
		expect(answer.body.page).toBe(1)
		expect(answer.body.students.map((student: { email: string }) => student.email)).toContain(
			'orgstudent@example.com',
		)
		expect(
			answer.body.students.every(
				(student: { organization_id: string }) => student.organization_id === ids.organization,
			),
		).toBe(true)
		expect(answer.body.total).toBe(answer.body.students.length)
	})

	test('another organization, a tutor or a student may not read them', async () => {
		const form = new FormData()
		for (const [key, value] of Object.entries({
			name: 'Other Org',
			email: uniqueEmail('org'),
			password: 'Lantern-Harbour-42',
			type: 'company',
			country: 'DE',
		})) {
			form.append(key, value)
		}
		const registered = await call(api, 'POST', '/organizations/register', { body: form })
		expect(registered.status).toBe(201)
		const other = await organizationLogin(
			api,
			registered.body.organization.email,
			'Lantern-Harbour-42',
		)
		for (const token of [other.token, tokens.teacher, tokens.orgStudent]) {
			const answer = await call(api, 'GET', `/users/organization/${ids.organization}/students`, {
				token,
			})
			expect(answer.status).toBe(403)
			expect(answer.body).toEqual({
				message: 'You do not have permission to do this',
				code: 'forbidden',
			})
		}
		const own = await call(api, 'GET', `/users/organization/${other.user.id}/students`, {
			token: other.token,
		})
		expect(own.body).toEqual({ students: [], total: 0, page: 1 })
	})

	test('a non-UUID id answers 400', async () => {
		const answer = await call(api, 'GET', '/users/organization/abc/students', {
			token: tokens.organization,
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{ path: 'organizationId', msg: 'organizationId must be a UUID' },
		])
	})
})
