import { describe, expect, test } from 'vitest'
import {
	apiForFile,
	call,
	imageForm,
	login,
	organizationLogin,
	PNG_BYTES,
	refreshCookie,
	registerStudent,
	uniqueEmail,
	verifyEmailOf,
} from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const api = apiForFile()

const organizationForm = (fields: Record<string, string> = {}, form = new FormData()) => {
	const values = {
		name: 'Northwind Academy',
		email: uniqueEmail('org'),
		password: 'Lantern-Harbour-42',
		type: 'school',
		country: 'US',
		...fields,
	}
	for (const [key, value] of Object.entries(values)) form.append(key, value)
	return form
}

const register = (body: BodyInit) => call(api, 'POST', '/organizations/register', { body })

describe('POST /organizations/register', () => {
	test('registers without a logo; the organization then signs in', async () => {
		const email = uniqueEmail('org')
		const answer = await register(
			organizationForm({
				email: email.toUpperCase(),
				phone: '+1 555 0199',
				website: 'https://northwind.example',
				description: 'A school',
				address: '',
			}),
		)
		expect(answer.status).toBe(201)
		expect(answer.body).toEqual({
			message: 'Organization created successfully!',
			id: answer.body.organization.id,
			organization: {
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				role: 'organization',
				email,
				name: 'Northwind Academy',
				type: 'school',
				country: 'US',
				phone: '+1 555 0199',
				address: null,
				website: 'https://northwind.example',
				description: 'A school',
				logo: null,
				createdAt: expect.any(String),
			},
		})
		const session = await organizationLogin(api, email, 'Lantern-Harbour-42')
		expect(session.user.id).toBe(answer.body.id)
	})

	test('registers with a logo, which is served back', async () => {
		const form = organizationForm({}, imageForm('logo', PNG_BYTES, 'image/png', 'logo.png'))
		const answer = await register(form)
		expect(answer.status).toBe(201)
		expect(answer.body.organization.logo).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/)
		const logo = await fetch(`${api.baseUrl}${answer.body.organization.logo}`)
		expect(logo.headers.get('content-type')).toBe('image/png')
		expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG_BYTES)
	})

	test('an empty logo input, as browsers send it, counts as no logo', async () => {
		const boundary = 'browser-boundary'
		const fields = {
			name: 'Empty Logo',
			email: uniqueEmail('org'),
			password: 'Lantern-Harbour-42',
			type: 'other',
			country: 'FR',
		}
		const parts = Object.entries(fields).map(
			([key, value]) =>
				`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
		)
		parts.push(
			`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`,
		)
		const answer = await call(api, 'POST', '/organizations/register', {
			body: parts.join(''),
			headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
		})
		expect(answer.status).toBe(201)
		expect(answer.body.organization.logo).toBeNull()
	})

	test('a taken email answers 409 in the error field', async () => {
		const email = uniqueEmail('org')
		expect((await register(organizationForm({ email }))).status).toBe(201)
		const again = await register(organizationForm({ email }))
		expect(again.status).toBe(409)
		expect(again.body).toEqual({
			error: 'An organization with this email already exists',
			code: 'conflict',
		})
	})

	test('bad fields answer 400 in the error field with a path per problem', async () => {
		const answer = await register(
			organizationForm({
				name: ' ',
				type: 'club',
				website: 'javascript:alert(1)',
				password: 'short',
			}),
		)
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({
			error: 'Validation failed',
			code: 'validation_failed',
			errors: [
				{ path: 'name', msg: 'Name is required' },
				{ path: 'password', msg: 'Password must be at least 8 characters' },
				{
					path: 'type',
					msg: 'Type must be one of school, tutoring_center, university, company, other',
				},
				{ path: 'website', msg: 'Enter a website address starting with http:// or https://' },
			],
		})
		const json = await call(api, 'POST', '/organizations/register', { json: { name: 'x' } })
		expect(json.status).toBe(400)
		expect(json.body.errors.map((error: { path: string }) => error.path)).toEqual([
			'name',
			'email',
			'password',
			'type',
			'country',
		])
	})

	test('a logo of the wrong type answers 400, one too large 413, both in the error field', async () => {
		const wrongType = await register(
			organizationForm(
				{},
				imageForm('logo', new TextEncoder().encode('%PDF-1.7'), 'application/pdf', 'a.pdf'),
			),
		)
		expect(wrongType.status).toBe(400)
		expect(wrongType.body).toEqual({
			error: 'Validation failed',
			code: 'validation_failed',
			errors: [{ path: 'logo', msg: 'Use a PNG, JPEG, WebP or GIF image' }],
		})
		const big = new Uint8Array(2 * 1024 * 1024 + 10)
		big.set(PNG_BYTES)
		const tooLarge = await register(organizationForm({}, imageForm('logo', big, 'image/png')))
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.body).toEqual({ error: 'File is too large (max 2 MB)', code: 'file_too_large' })
		const farTooLarge = await register(
			organizationForm({}, imageForm('logo', new Uint8Array(4 * 1024 * 1024), 'image/png')),
		)
		expect(farTooLarge.status).toBe(413)
		expect(farTooLarge.body).toEqual({
			error: 'File is too large (max 2 MB)',
			code: 'file_too_large',
		})
	})
})

describe('GET /organizations/list', () => {
	test('is public, pages, filters by type and country, and hides contact details', async () => {
		const country = `Land${Date.now()}`
		await newOrganization(api, { type: 'university', country, name: 'Uni A' })
		await newOrganization(api, { type: 'school', country, name: 'School B' })
		await newOrganization(api, {
			type: 'university',
			country: country.toUpperCase(),
			name: 'Uni C',
		})

		const all = await call(api, 'GET', `/organizations/list?country=${country}&limit=2`)
		expect(all.status).toBe(200)
		expect(all.body.pagination).toEqual({ total: 3, currentPage: 1, totalPages: 2 })
		expect(all.body.organizations).toHaveLength(2)
		expect(all.body.organizations[0]).not.toHaveProperty('email')
		expect(all.body.organizations[0]).not.toHaveProperty('phone')
		expect(all.body.organizations[0]).toMatchObject({ name: 'Uni C', type: 'university' })

		const universities = await call(
			api,
			'GET',
			`/organizations/list?country=${country}&type=university`,
		)
		expect(universities.body.organizations.map((o: { name: string }) => o.name)).toEqual([
			'Uni C',
			'Uni A',
		])
		const bad = await call(api, 'GET', '/organizations/list?type=club&page=x')
		expect(bad.status).toBe(400)
		// The declared query is read whole (decision 041): each bad parameter is named.
		expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['page', 'type'])
		const badType = await call(api, 'GET', '/organizations/list?type=club')
		expect(badType.body.errors).toEqual([
			{
				path: 'type',
				msg: 'Type must be one of school, tutoring_center, university, company, other',
			},
		])
	})
})

describe('GET /organizations/{id}/tutors/', () => {
	test('answers the four groups, each with data and total', async () => {
		const org = await newOrganization(api)
		const teacher = await newMember(api, org.token, 'tutor')
		await newMember(api, org.token, 'student')
		await newMember(api, org.token, 'student')
		await call(api, 'POST', '/organizations/create-department', {
			token: org.token,
			json: { departmentName: 'Maths' },
		})
		const answer = await call(api, 'GET', `/organizations/${org.id}/tutors/`, { token: org.token })
		expect(answer.status).toBe(200)
		expect(answer.body.tutors.total).toBe(1)
		expect(answer.body.tutors.data[0]).toMatchObject({
			id: teacher.id,
			role: 'tutor',
			organization_id: org.id,
		})
		expect(answer.body.students.total).toBe(2)
		expect(answer.body.students.data).toHaveLength(2)
		expect(answer.body.courses).toEqual({ data: [], total: 0 })
		expect(answer.body.departments.total).toBe(1)
		expect(answer.body.departments.data[0].departmentName).toBe('Maths')
		const withoutSlash = await call(api, 'GET', `/organizations/${org.id}/tutors`, {
			token: org.token,
		})
		expect(withoutSlash.body).toEqual(answer.body)
	})

	test('counts the demo organization’s courses with their enrolments', async () => {
		const demo = await organizationLogin(api, 'organization@example.com')
		const answer = await call(api, 'GET', `/organizations/${demo.user.id}/tutors/`, {
			token: demo.token,
		})
		// Course work may seed more courses for the demo organization; this one is seeded here.
		expect(answer.body.courses.total).toBeGreaterThanOrEqual(1)
		expect(answer.body.courses.data).toContainEqual(
			expect.objectContaining({ title: 'Geometry Essentials', enrolledStudents: 3 }),
		)
		expect(answer.body.tutors.total).toBe(1)
		expect(answer.body.students.total).toBe(3)
	})

	test('another organization, a member and a bad id are refused', async () => {
		const org = await newOrganization(api)
		const other = await newOrganization(api)
		const member = await newMember(api, org.token)
		const memberSession = await login(api, member.email, 'Lantern-Harbour-42')
		for (const token of [other.token, memberSession.token]) {
			const answer = await call(api, 'GET', `/organizations/${org.id}/tutors/`, { token })
			expect(answer.status).toBe(403)
		}
		const bad = await call(api, 'GET', '/organizations/nope/tutors/', { token: org.token })
		expect(bad.status).toBe(400)
	})
})

describe('PUT /organizations/{id}', () => {
	test('updates the organization’s own fields', async () => {
		const org = await newOrganization(api)
		const before = await call(api, 'GET', `/organizations/${org.id}`, { token: org.token })
		expect(before.status).toBe(200)
		expect(before.body.organization).toMatchObject({
			id: org.id,
			email: org.email,
			name: 'Test School',
		})
		const other = await newOrganization(api)
		expect(
			(await call(api, 'GET', `/organizations/${org.id}`, { token: other.token })).status,
		).toBe(403)
		const answer = await call(api, 'PUT', `/organizations/${org.id}`, {
			token: org.token,
			json: { name: 'Renamed Academy', country: 'Ghana', website: '', description: 'New' },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.message).toBe('Organization updated successfully')
		expect(answer.body.organization).toMatchObject({
			id: org.id,
			name: 'Renamed Academy',
			country: 'Ghana',
			website: null,
			description: 'New',
			type: 'school',
		})
		const empty = await call(api, 'PUT', `/organizations/${org.id}`, { token: org.token, json: {} })
		expect(empty.status).toBe(400)
		expect(empty.body.errors).toEqual([{ path: 'body', msg: 'Send at least one field to change' }])
		const bad = await call(api, 'PUT', `/organizations/${org.id}`, {
			token: org.token,
			json: { name: '', type: 'club', deleted: false },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual([
			'deleted',
			'name',
			'type',
		])
	})

	test('only the organization itself may update or delete it', async () => {
		const org = await newOrganization(api)
		const other = await newOrganization(api)
		const member = await newMember(api, org.token)
		const memberSession = await login(api, member.email, 'Lantern-Harbour-42')
		for (const token of [other.token, memberSession.token]) {
			for (const json of [{ name: 'Hijacked' }, { deleted: true }]) {
				const answer = await call(api, 'PUT', `/organizations/${org.id}`, { token, json })
				expect(answer.status).toBe(403)
			}
		}
		const session = await organizationLogin(api, org.email, 'Lantern-Harbour-42')
		expect(session.user.name).toBe('Test School')
	})

	test('delete removes the organization, its departments and scores, and frees its members', async () => {
		const org = await newOrganization(api)
		const member = await newMember(api, org.token)
		const department = await call(api, 'POST', '/organizations/create-department', {
			token: org.token,
			json: { departmentName: 'Gone soon' },
		})
		await call(api, 'PUT', `/organizations/${org.id}/scores`, {
			token: org.token,
			json: { term: 'T1', scores: [{ studentId: member.id, subject: 'Maths', score: 50 }] },
		})
		const deleted = await call(api, 'PUT', `/organizations/${org.id}`, {
			token: org.token,
			json: { deleted: true },
		})
		expect(deleted.status).toBe(200)
		expect(deleted.body).toEqual({ message: 'Organization deleted successfully', id: org.id })

		// Deleting the account ended its sessions: its token is refused from then on.
		const again = await call(api, 'PUT', `/organizations/${org.id}`, {
			token: org.token,
			json: { deleted: true },
		})
		expect(again.status).toBe(403)
		expect(again.body).toEqual({
			message: 'Access token is missing or expired',
			code: 'access_token_invalid',
		})
		const signIn = await call(api, 'POST', '/auth/organization-login', {
			json: { email: org.email, password: 'Lantern-Harbour-42' },
		})
		expect(signIn.status).toBe(401)
		const refresh = await call(api, 'POST', '/auth/refresh-token', {
			headers: { 'x-retry': 'true', cookie: refreshCookie(org.answer) },
		})
		expect(refresh.status).toBe(401)
		const memberSession = await login(api, member.email, 'Lantern-Harbour-42')
		expect(memberSession.user.organization_id).toBeNull()
		const rows = await api.db
			.selectFrom('departments')
			.select('id')
			.where('id', '=', department.body.id)
			.execute()
		expect(rows).toEqual([])
		const scores = await api.db
			.selectFrom('scores')
			.select('id')
			.where('student_id', '=', member.id)
			.execute()
		expect(scores).toEqual([])
	})
})

describe('organization members', () => {
	test('lists students and tutors with search and paging', async () => {
		const org = await newOrganization(api)
		await newMember(api, org.token, 'student', { firstName: 'Zoe', lastName: 'Quinn' })
		await newMember(api, org.token, 'student', { firstName: 'Adam', lastName: 'Quill' })
		await newMember(api, org.token, 'student', { firstName: 'Carl', lastName: 'Stone' })
		await newMember(api, org.token, 'tutor', { firstName: 'Tina', lastName: 'Teach' })

		const students = await call(
			api,
			'GET',
			`/users/organization/${org.id}/students?search=qu&limit=1`,
			{
				token: org.token,
			},
		)
		expect(students.status).toBe(200)
		expect(students.body.total).toBe(2)
		expect(students.body.students.map((s: { name: string }) => s.name)).toEqual(['Adam Quill'])
		const page2 = await call(
			api,
			'GET',
			`/users/organization/${org.id}/students?search=qu&limit=1&page=2`,
			{
				token: org.token,
			},
		)
		expect(page2.body.students.map((s: { name: string }) => s.name)).toEqual(['Zoe Quinn'])
		const byFullName = await call(
			api,
			'GET',
			`/users/organization/${org.id}/students?search=carl%20st`,
			{
				token: org.token,
			},
		)
		expect(byFullName.body.total).toBe(1)
		const byEmail = await call(
			api,
			'GET',
			`/users/organization/${org.id}/students?search=@EXAMPLE.com`,
			{
				token: org.token,
			},
		)
		expect(byEmail.body.total).toBe(3)
		const teachers = await call(api, 'GET', `/users/organization/${org.id}/tutors?search=tina`, {
			token: org.token,
		})
		expect(teachers.body).toMatchObject({ total: 1, page: 1 })
		expect(teachers.body.tutors[0].name).toBe('Tina Teach')
		const tooLong = await call(
			api,
			'GET',
			`/users/organization/${org.id}/tutors?search=${'x'.repeat(101)}`,
			{
				token: org.token,
			},
		)
		expect(tooLong.status).toBe(400)
	})

	test('another organization cannot list or take this organization’s students', async () => {
		const org = await newOrganization(api)
		const other = await newOrganization(api)
		const member = await newMember(api, org.token)
		for (const list of ['students', 'tutors']) {
			const answer = await call(api, 'GET', `/users/organization/${org.id}/${list}`, {
				token: other.token,
			})
			expect(answer.status).toBe(403)
		}
		const attach = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: other.token,
			json: { email: member.email },
		})
		expect(attach.status).toBe(403)
		// Inviting someone else's member is only an invitation: nothing of them is shown or taken.
		const invite = await call(api, 'POST', `/organizations/${other.id}/students`, {
			token: other.token,
			json: { email: member.email },
		})
		expect(invite.status).toBe(201)
		expect(Object.keys(invite.body.invitation).sort()).toEqual([
			'createdAt',
			'email',
			'id',
			'status',
		])
		const profile = await call(api, 'GET', `/users/student-profile/${member.id}`, {
			token: other.token,
		})
		expect(profile.status).toBe(403)
	})

	test('adding an existing student is an invitation the student accepts or declines', async () => {
		const org = await newOrganization(api)
		const student = await registerStudent(api)
		const invited = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: student.email.toUpperCase() },
		})
		expect(invited.status).toBe(201)
		expect(invited.body).toEqual({
			message: 'Invitation sent',
			invitation: {
				id: expect.any(String),
				// The email schema keeps addresses in lower case.
				email: student.email,
				status: 'pending',
				createdAt: expect.any(String),
			},
		})
		// The same answer for an email nobody has: the organization learns nothing of accounts.
		const nobody = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: uniqueEmail('nobody') },
		})
		expect(nobody.status).toBe(201)
		expect(Object.keys(nobody.body)).toEqual(Object.keys(invited.body))
		// Asking again answers the open invitation.
		const again = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: student.email },
		})
		expect(again.status).toBe(200)
		expect(again.body.invitation.id).toBe(invited.body.invitation.id)

		// Until the student accepts: not a member, no profile, no phone.
		const members = async () =>
			(await call(api, 'GET', `/users/organization/${org.id}/students`, { token: org.token })).body
				.students as { id: string }[]
		expect((await members()).map((row) => row.id)).not.toContain(student.user.id)
		expect(
			(await call(api, 'GET', `/users/student-profile/${student.user.id}`, { token: org.token }))
				.status,
		).toBe(403)
		const scored = await call(api, 'PUT', `/organizations/${org.id}/scores`, {
			token: org.token,
			json: { term: 'T1', scores: [{ studentId: student.user.id, subject: 'Maths', score: 50 }] },
		})
		expect(scored.status).toBe(400)
		expect(
			await api.db
				.selectFrom('scores')
				.select('id')
				.where('student_id', '=', student.user.id)
				.execute(),
		).toEqual([])
		const pending = await call(api, 'GET', `/organizations/${org.id}/invitations`, {
			token: org.token,
		})
		expect(pending.body.invitations.map((row: { email: string }) => row.email)).toContain(
			student.email,
		)

		// The student sees it once their email is proven theirs, and accepts.
		await verifyEmailOf(api, student.email)
		const mine = await call(api, 'GET', '/users/invitations', { token: student.token })
		expect(mine.body.invitations).toEqual([
			{
				id: invited.body.invitation.id,
				organization: { id: org.id, name: expect.any(String) },
				createdAt: expect.any(String),
			},
		])
		const accepted = await call(
			api,
			'POST',
			`/users/invitations/${invited.body.invitation.id}/accept`,
			{ token: student.token },
		)
		expect(accepted.status).toBe(200)
		expect((await members()).map((row) => row.id)).toContain(student.user.id)
		const twice = await call(
			api,
			'POST',
			`/users/invitations/${invited.body.invitation.id}/accept`,
			{
				token: student.token,
			},
		)
		expect(twice.status).toBe(404)
		const member = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: student.email },
		})
		expect(member.status).toBe(409)

		// The student leaves; the organization may also remove a member.
		expect(
			(await call(api, 'POST', '/users/organization/leave', { token: student.token })).status,
		).toBe(200)
		expect((await members()).map((row) => row.id)).not.toContain(student.user.id)
		const bad = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: 'not-an-email' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'email', msg: 'Enter a valid email address' }])
	})

	test('an invitation to an address nobody has verified cannot be taken by whoever signs up with it', async () => {
		const org = await newOrganization(api, { name: 'Riverside College' })
		const address = uniqueEmail('victim')
		const invited = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: address },
		})
		expect(invited.status).toBe(201)
		const invitationId = invited.body.invitation.id as string

		// Someone signs up with the address, never proving the mailbox is theirs.
		const signedUp = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'Mal', lastName: 'Lory', email: address, password: 'Lantern-Harbour-42' },
		})
		expect(signedUp.status).toBe(201)
		const squatter = await login(api, address, 'Lantern-Harbour-42')
		expect(squatter.user.emailVerified).toBe(false)
		const seen = await call(api, 'GET', '/users/invitations', { token: squatter.token })
		expect(seen.status).toBe(200)
		// That one waits, but not who sent it.
		expect(seen.body).toEqual({ invitations: [], waitingForVerification: 1 })
		expect(JSON.stringify(seen.body)).not.toContain('Riverside')
		for (const answer of ['accept', 'decline']) {
			const refused = await call(api, 'POST', `/users/invitations/${invitationId}/${answer}`, {
				token: squatter.token,
			})
			expect(refused.status).toBe(403)
			expect(refused.body.message).toBe(
				'Confirm your email address before you answer an invitation: follow the link in the mail we sent you, or ask for a new one from your dashboard.',
			)
		}
		// Nothing changed: not a member, the invitation still open, nothing of the organization shown.
		const members = await call(api, 'GET', `/users/organization/${org.id}/students`, {
			token: org.token,
		})
		expect(members.body.students.map((row: { id: string }) => row.id)).not.toContain(
			squatter.user.id,
		)
		const open = await call(api, 'GET', `/organizations/${org.id}/invitations`, {
			token: org.token,
		})
		expect(open.body.invitations.map((row: { id: string }) => row.id)).toContain(invitationId)
		expect((await login(api, address, 'Lantern-Harbour-42')).user.organization_id).toBeNull()

		// The mailbox's owner follows the link: then the invitation is theirs to answer.
		await verifyEmailOf(api, address)
		const shown = await call(api, 'GET', '/users/invitations', { token: squatter.token })
		expect(shown.body.invitations.map((row: { id: string }) => row.id)).toEqual([invitationId])
		const accepted = await call(api, 'POST', `/users/invitations/${invitationId}/accept`, {
			token: squatter.token,
		})
		expect(accepted.status).toBe(200)
	})

	test('a student declines; an organization cancels; another account answers nothing', async () => {
		const org = await newOrganization(api)
		const other = await newOrganization(api)
		const [student, bystander] = await Promise.all([registerStudent(api), registerStudent(api)])
		await Promise.all([verifyEmailOf(api, student.email), verifyEmailOf(api, bystander.email)])
		const invite = async () =>
			(
				await call(api, 'POST', `/organizations/${org.id}/students`, {
					token: org.token,
					json: { email: student.email },
				})
			).body.invitation.id as string
		const first = await invite()
		// Someone else's invitation cannot be accepted or cancelled.
		expect(
			(await call(api, 'POST', `/users/invitations/${first}/accept`, { token: bystander.token }))
				.status,
		).toBe(404)
		expect(
			(
				await call(api, 'DELETE', `/organizations/${other.id}/invitations/${first}`, {
					token: other.token,
				})
			).status,
		).toBe(404)
		expect(
			(
				await call(api, 'DELETE', `/organizations/${org.id}/invitations/${first}`, {
					token: other.token,
				})
			).status,
		).toBe(403)
		expect(
			(await call(api, 'POST', `/users/invitations/${first}/decline`, { token: student.token }))
				.status,
		).toBe(200)
		const second = await invite()
		expect(second).not.toBe(first)
		expect(
			(
				await call(api, 'DELETE', `/organizations/${org.id}/invitations/${second}`, {
					token: org.token,
				})
			).status,
		).toBe(200)
		expect((await call(api, 'GET', '/users/invitations', { token: student.token })).body).toEqual({
			invitations: [],
			waitingForVerification: 0,
		})
		// Removing someone who is not a member: not found.
		expect(
			(
				await call(api, 'DELETE', `/organizations/${org.id}/students/${student.user.id}`, {
					token: org.token,
				})
			).status,
		).toBe(404)
	})
})
