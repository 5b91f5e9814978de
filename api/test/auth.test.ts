import { createHash } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import {
	apiForFile,
	call,
	DEMO_PASSWORD,
	login,
	organizationLogin,
	refreshCookie,
	TEST_SECRET,
	uniqueEmail,
} from './helpers.ts'

const api = apiForFile()

const userShape = {
	id: expect.stringMatching(/^[0-9a-f-]{36}$/),
	role: expect.any(String),
	email: expect.any(String),
	firstName: expect.any(String),
	lastName: expect.any(String),
	name: expect.any(String),
	phone: null,
	bio: null,
	profilePicture: null,
	organization_id: null,
	createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
}

describe('login', () => {
	test('the demo student signs in and gets both tokens and the refresh cookie', async () => {
		const answer = await call(api, 'POST', '/auth/login', {
			json: { email: 'Student@Example.com', password: DEMO_PASSWORD },
		})
		expect(answer.status).toBe(200)
		expect(answer.body.message).toBe('Login successful')
		expect(answer.body.user).toEqual({
			...userShape,
			role: 'student',
			email: 'student@example.com',
			firstName: 'Sam',
			lastName: 'Rivera',
			name: 'Sam Rivera',
			emailVerified: true,
			accessToken: expect.any(String),
			refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
		})
		const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('refreshToken='))
		expect(cookie).toBe(
			`refreshToken=${answer.body.user.refreshToken}; Max-Age=3600; Path=/api/v1/auth; HttpOnly; SameSite=Lax`,
		)
	})

	test('wrong password and unknown email both answer 401', async () => {
		for (const json of [
			{ email: 'student@example.com', password: 'wrong-password' },
			{ email: 'nobody@example.com', password: DEMO_PASSWORD },
		]) {
			const answer = await call(api, 'POST', '/auth/login', { json })
			expect(answer.status).toBe(401)
			expect(answer.body).toEqual({
				message: 'Invalid email or password',
				code: 'invalid_credentials',
			})
		}
	})

	test('a user cannot sign in on the organization call, nor an organization on the user call', async () => {
		const asOrganization = await call(api, 'POST', '/auth/organization-login', {
			json: { email: 'student@example.com', password: DEMO_PASSWORD },
		})
		expect(asOrganization.status).toBe(401)
		const asUser = await call(api, 'POST', '/auth/login', {
			json: { email: 'organization@example.com', password: DEMO_PASSWORD },
		})
		expect(asUser.status).toBe(401)
	})

	test("the other kind's email and right password: 401 that names the login to use, and nothing else", async () => {
		const asUser = await call(api, 'POST', '/auth/login', {
			json: { email: 'organization@example.com', password: DEMO_PASSWORD },
		})
		expect(asUser.status).toBe(401)
		expect(asUser.body).toEqual({
			message: 'This email and password belong to an organization: log in as an organization',
			code: 'organization_account',
		})
		expect(asUser.headers.get('set-cookie')).toBeNull()
		const asOrganization = await call(api, 'POST', '/auth/organization-login', {
			json: { email: 'teacher@example.com', password: DEMO_PASSWORD },
		})
		expect(asOrganization.status).toBe(401)
		expect(asOrganization.body).toEqual({
			message:
				'This email and password belong to a student or teacher: log in as a student or teacher',
			code: 'person_account',
		})
		// A wrong password reveals no account of either kind.
		for (const [path, email] of [
			['/auth/login', 'organization@example.com'],
			['/auth/organization-login', 'teacher@example.com'],
			['/auth/organization-login', 'nobody@example.com'],
		] as const) {
			const answer = await call(api, 'POST', path, {
				json: { email, password: 'Not-The-Password-9' },
			})
			expect(answer.status, `${path} ${email}`).toBe(401)
			expect(answer.body).toEqual({
				message: 'Invalid email or password',
				code: 'invalid_credentials',
			})
		}
	})

	test('bad input answers 400 with a path per problem', async () => {
		const answer = await call(api, 'POST', '/auth/login', { json: { email: 'not-an-email' } })
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({
			message: 'Validation failed',
			code: 'validation_failed',
			errors: [
				{ path: 'email', msg: 'Enter a valid email address' },
				{ path: 'password', msg: 'Password is required' },
			],
		})
	})

	test('the organization signs in on its own call', async () => {
		const { user } = await organizationLogin(api, 'organization@example.com')
		expect(user).toEqual({
			id: expect.any(String),
			role: 'organization',
			email: 'organization@example.com',
			name: 'Demo Academy',
			type: 'school',
			country: 'US',
			phone: null,
			address: null,
			website: null,
			description: expect.any(String),
			logo: null,
			createdAt: expect.any(String),
			emailVerified: true,
			accessToken: expect.any(String),
			refreshToken: expect.any(String),
		})
	})
})

describe('registration', () => {
	test('a student registers, then signs in', async () => {
		const email = uniqueEmail()
		const answer = await call(api, 'POST', '/auth/register-student', {
			json: {
				firstName: ' Ada ',
				lastName: 'Lovelace',
				email: email.toUpperCase(),
				password: 'Lantern-Harbour-42',
				phone: '+1 555 0100',
			},
		})
		expect(answer.status).toBe(201)
		expect(answer.body).toEqual({
			message: 'Registered successfully',
			user: {
				...userShape,
				role: 'student',
				email,
				firstName: 'Ada',
				lastName: 'Lovelace',
				name: 'Ada Lovelace',
				phone: '+1 555 0100',
			},
		})
		const session = await login(api, email, 'Lantern-Harbour-42')
		expect(session.user.id).toBe(answer.body.user.id)
	})

	test('a tutor registers with subjects and bio, which their profile shows', async () => {
		const email = uniqueEmail('tutor')
		const answer = await call(api, 'POST', '/auth/register-tutor', {
			json: {
				firstName: 'Tom',
				lastName: 'Tutor',
				email,
				password: 'Lantern-Harbour-42',
				subjects: ['Physics', 'Chemistry'],
				bio: 'Teaches science',
			},
		})
		expect(answer.status).toBe(201)
		expect(answer.body.user).toMatchObject({ role: 'tutor', bio: 'Teaches science' })
		const { token } = await login(api, email, 'Lantern-Harbour-42')
		const profile = await call(api, 'GET', `/users/tutor-profile/${answer.body.user.id}`, { token })
		expect(profile.body.tutorProfile).toMatchObject({
			subjects: ['Physics', 'Chemistry'],
			qualifications: null,
			experienceYears: null,
		})
	})

	test('the generic call registers a tutor by default and a student on request', async () => {
		const teacher = await call(api, 'POST', '/auth/register', {
			json: {
				firstName: 'Gen',
				lastName: 'Eric',
				email: uniqueEmail(),
				password: 'Lantern-Harbour-42',
			},
		})
		expect(teacher.status).toBe(201)
		expect(teacher.body.user.role).toBe('tutor')
		const student = await call(api, 'POST', '/auth/register', {
			json: {
				firstName: 'Gen',
				lastName: 'Eric',
				email: uniqueEmail(),
				password: 'Lantern-Harbour-42',
				role: 'student',
			},
		})
		expect(student.body.user.role).toBe('student')
		const bad = await call(api, 'POST', '/auth/register', {
			json: {
				firstName: 'Gen',
				lastName: 'Eric',
				email: uniqueEmail(),
				password: 'Lantern-Harbour-42',
				role: 'organization',
			},
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'role', msg: 'Role must be tutor or student' }])
	})

	test('a taken email answers 409, whatever its case', async () => {
		const answer = await call(api, 'POST', '/auth/register-student', {
			json: {
				firstName: 'Sam',
				lastName: 'Again',
				email: 'STUDENT@example.com',
				password: 'Lantern-Harbour-42',
			},
		})
		expect(answer.status).toBe(409)
		expect(answer.body).toEqual({
			message: 'An account with this email already exists',
			code: 'email_taken',
		})
	})

	test('missing, wrong-typed and oversized fields answer 400 naming each field', async () => {
		const answer = await call(api, 'POST', '/auth/register-tutor', {
			json: {
				firstName: 42,
				lastName: 'x'.repeat(101),
				email: 'a@b',
				password: 'short',
				subjects: 'Maths',
				bio: 'b'.repeat(2001),
			},
		})
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({
			message: 'Validation failed',
			code: 'validation_failed',
			errors: [
				{ path: 'firstName', msg: 'First name must be text' },
				{ path: 'lastName', msg: 'Last name must be at most 100 characters' },
				{ path: 'email', msg: 'Enter a valid email address' },
				{ path: 'password', msg: 'Password must be at least 8 characters' },
				{ path: 'subjects', msg: 'Subjects must be a list of text' },
				{ path: 'bio', msg: 'Bio must be at most 2000 characters' },
			],
		})
		const empty = await call(api, 'POST', '/auth/register-student', { json: {} })
		expect(empty.body.errors.map((error: { path: string }) => error.path)).toEqual([
			'firstName',
			'lastName',
			'email',
			'password',
		])
		expect(empty.body.errors[0].msg).toBe('First name is required')
		const notObject = await call(api, 'POST', '/auth/register-student', { json: [1, 2] })
		expect(notObject.status).toBe(400)
		expect(notObject.body.errors).toEqual([{ path: 'body', msg: 'Expected a JSON object' }])
	})

	test('emails follow the spec rule: dotted suffix of two letters, or a bracketed IPv4', async () => {
		const register = (email: string) =>
			call(api, 'POST', '/auth/register-student', {
				json: { firstName: 'E', lastName: 'Mail', email, password: 'Lantern-Harbour-42' },
			})
		expect((await register(`ip${Date.now()}@[192.168.0.1]`)).status).toBe(201)
		expect((await register('x@example.c')).status).toBe(400)
		expect((await register('x@[999.1.1.1]')).status).toBe(400)
		expect((await register('x y@example.com')).status).toBe(400)
	})

	test('an organization registers its own tutors and students; others may not', async () => {
		const { token, user: organization } = await organizationLogin(api, 'organization@example.com')
		for (const [path, role] of [
			['/auth/register-tutor/organization', 'tutor'],
			['/auth/register-student/organization', 'student'],
		] as const) {
			const answer = await call(api, 'POST', path, {
				token,
				json: {
					firstName: 'Member',
					lastName: 'One',
					email: uniqueEmail(),
					password: 'Lantern-Harbour-42',
				},
			})
			expect(answer.status).toBe(201)
			expect(answer.body.user).toMatchObject({ role, organization_id: organization.id })
		}
		const { token: tutorToken } = await login(api, 'teacher@example.com')
		const denied = await call(api, 'POST', '/auth/register-student/organization', {
			token: tutorToken,
			json: {
				firstName: 'Member',
				lastName: 'Two',
				email: uniqueEmail(),
				password: 'Lantern-Harbour-42',
			},
		})
		expect(denied.status).toBe(403)
		expect(denied.body).toEqual({
			message: 'You do not have permission to do this',
			code: 'forbidden',
		})
		const anonymous = await call(api, 'POST', '/auth/register-student/organization', {
			json: {
				firstName: 'Member',
				lastName: 'Two',
				email: uniqueEmail(),
				password: 'Lantern-Harbour-42',
			},
		})
		expect(anonymous.status).toBe(403)
		expect(anonymous.body).toEqual({
			message: 'Access token is missing or expired',
			code: 'access_token_invalid',
		})
	})
})

describe('get-student', () => {
	test('tutors and organizations find a student by email; 404 for others', async () => {
		const { token: tutorToken } = await login(api, 'teacher@example.com')
		const found = await call(api, 'POST', '/auth/get-student', {
			token: tutorToken,
			json: { email: 'student@example.com' },
		})
		expect(found.status).toBe(200)
		expect(found.body.student).toMatchObject({ email: 'student@example.com', role: 'student' })
		const { token: organizationToken } = await organizationLogin(api, 'organization@example.com')
		const byOrganization = await call(api, 'POST', '/auth/get-student', {
			token: organizationToken,
			json: { email: 'orgstudent@example.com' },
		})
		expect(byOrganization.body.student.email).toBe('orgstudent@example.com')
		const teacherEmail = await call(api, 'POST', '/auth/get-student', {
			token: tutorToken,
			json: { email: 'teacher@example.com' },
		})
		expect(teacherEmail.status).toBe(404)
		expect(teacherEmail.body).toEqual({ message: 'Student not found', code: 'not_found' })
		const { token: studentToken } = await login(api, 'student@example.com')
		const byStudent = await call(api, 'POST', '/auth/get-student', {
			token: studentToken,
			json: { email: 'student@example.com' },
		})
		expect(byStudent.status).toBe(403)
	})

	test('a tutor who does not teach the student, or another organization, learns nothing', async () => {
		const stranger = await call(api, 'POST', '/auth/register-tutor', {
			json: {
				firstName: 'Nosy',
				lastName: 'Tutor',
				email: uniqueEmail('nosy'),
				password: 'Lantern-Harbour-42',
			},
		})
		const { token: strangerToken } = await login(
			api,
			stranger.body.user.email,
			'Lantern-Harbour-42',
		)
		const { token: orgToken } = await organizationLogin(api, 'organization@example.com')
		for (const [token, email] of [
			[strangerToken, 'student@example.com'],
			[orgToken, 'student@example.com'],
		] as const) {
			const answer = await call(api, 'POST', '/auth/get-student', { token, json: { email } })
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'Student not found', code: 'not_found' })
		}
	})
})

describe('access tokens', () => {
	const claimsOf = (token: string) =>
		JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
	const sign = (claims: Record<string, unknown>, expiresAt: number, secret = TEST_SECRET) =>
		new SignJWT(claims)
			.setProtectedHeader({ alg: 'HS256' })
			.setSubject('00000000-0000-4000-8000-000000000000')
			.setExpirationTime(expiresAt)
			.sign(new TextEncoder().encode(secret))

	test('missing, malformed, expired, foreign, non-access and ended-session tokens answer 403', async () => {
		const now = Math.floor(Date.now() / 1000)
		const { token: real } = await login(api, 'teacher@example.com')
		const sid = claimsOf(real).sid
		const claims = { role: 'tutor', orgId: null, typ: 'access', sid }
		const ended = await login(api, 'teacher@example.com')
		await call(api, 'POST', '/auth/logout', { token: ended.token })
		const tokens = [
			ended.token,
			await sign({ role: 'tutor', orgId: null, typ: 'access' }, now + 600),
			await sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' }, now + 600),
			undefined,
			'not-a-jwt',
			await sign(claims, now - 10),
			await sign(claims, now + 600, 'another-secret-that-is-long-enough-too'),
			await sign({ ...claims, typ: 'refresh' }, now + 600),
			await sign({ ...claims, role: 'admin' }, now + 600),
		]
		for (const token of tokens) {
			const answer = await call(api, 'GET', '/users/tutors', { token })
			expect(answer.status).toBe(403)
			expect(answer.body).toEqual({
				message: 'Access token is missing or expired',
				code: 'access_token_invalid',
			})
		}
		const valid = await call(api, 'GET', '/users/tutors', { token: await sign(claims, now + 600) })
		expect(valid.status).toBe(200)
	})

	test('an access token carries sub, role, orgId and typ, and expires after ACCESS_TOKEN_TTL', async () => {
		const { token, user } = await login(api, 'orgstudent@example.com')
		const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
		expect(payload).toMatchObject({
			sub: user.id,
			role: 'student',
			orgId: user.organization_id,
			typ: 'access',
		})
		expect(payload.exp - payload.iat).toBe(900)
	})
})

describe('refresh and logout', () => {
	test('the refresh cookie gives a new working access token', async () => {
		const { answer } = await login(api, 'student@example.com')
		const refreshed = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: refreshCookie(answer), 'x-retry': 'true' },
		})
		expect(refreshed.status).toBe(200)
		expect(Object.keys(refreshed.body)).toEqual(['token', 'refreshToken'])
		const teachers = await call(api, 'GET', '/users/tutors', { token: refreshed.body.token })
		expect(teachers.status).toBe(200)
	})

	test('refresh reads only the cookie: a token in the body or a bearer does not count', async () => {
		const { answer } = await login(api, 'student@example.com')
		const refreshed = await call(api, 'POST', '/auth/refresh-token', {
			token: answer.body.user.accessToken,
			json: { refreshToken: answer.body.user.refreshToken },
		})
		expect(refreshed.status).toBe(401)
		expect(refreshed.body).toEqual({
			message: 'Invalid or expired refresh token',
			code: 'unauthorized',
		})
		const unknown = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: 'refreshToken=forged' },
		})
		expect(unknown.status).toBe(401)
	})

	test('after logout the refresh token no longer works and the cookie is cleared', async () => {
		const { answer } = await login(api, 'teacher@example.com')
		const cookie = refreshCookie(answer)
		const loggedOut = await call(api, 'POST', '/auth/logout', { headers: { cookie } })
		expect(loggedOut.status).toBe(200)
		expect(loggedOut.body).toEqual({ message: 'Logged out successfully' })
		expect(loggedOut.headers.getSetCookie()).toEqual([
			expect.stringMatching(
				/^refreshToken=; Max-Age=0; .*Path=\/api\/v1\/auth; HttpOnly; SameSite=Lax$/,
			),
		])
		const refreshed = await call(api, 'POST', '/auth/refresh-token', { headers: { cookie } })
		expect(refreshed.status).toBe(401)
	})

	test('logout without a cookie or bearer still answers 200', async () => {
		const answer = await call(api, 'POST', '/auth/logout')
		expect(answer.status).toBe(200)
	})

	test('the test hook revokes every refresh token of an account', async () => {
		const first = await organizationLogin(api, 'organization@example.com')
		const second = await organizationLogin(api, 'organization@example.com')
		const hook = await call(api, 'POST', '/__test/revoke-refresh-tokens', {
			json: { email: 'organization@example.com' },
		})
		expect(hook.status).toBe(200)
		expect(hook.body.revoked).toBeGreaterThanOrEqual(2)
		for (const session of [first, second]) {
			const refreshed = await call(api, 'POST', '/auth/refresh-token', {
				headers: { cookie: refreshCookie(session.answer) },
			})
			expect(refreshed.status).toBe(401)
		}
		const none = await call(api, 'POST', '/__test/revoke-refresh-tokens', {
			json: { email: 'nobody@example.com' },
		})
		expect(none.body).toEqual({ revoked: 0 })
	})

	test('an organization refreshes into an organization token', async () => {
		const { answer, user } = await organizationLogin(api, 'organization@example.com')
		const refreshed = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: refreshCookie(answer) },
		})
		const students = await call(api, 'GET', `/users/organization/${user.id}/students`, {
			token: refreshed.body.token,
		})
		expect(students.status).toBe(200)
	})
})

describe('sessions: rotation, reuse and logout revoke at once', () => {
	const refresh = (cookie: string) =>
		call(api, 'POST', '/auth/refresh-token', { headers: { cookie, 'x-retry': 'true' } })
	const works = async (token: string) =>
		(await call(api, 'GET', '/users/tutors', { token })).status === 200
	/** As if the token had been exchanged a minute ago, past the grace for a concurrent refresh. */
	const exchangedLongAgo = (cookie: string) =>
		api.db
			.updateTable('refresh_tokens')
			.set({ used_at: new Date(Date.now() - 60_000) })
			.where('used_at', 'is not', null)
			.where(
				'token_hash',
				'=',
				createHash('sha256')
					.update(cookie.replace(/^refreshToken=/, ''))
					.digest('hex'),
			)
			.execute()

	test('each refresh gives a new refresh token, as the cookie and in the body', async () => {
		const { answer } = await login(api, 'student@example.com')
		const first = await refresh(refreshCookie(answer))
		expect(first.status).toBe(200)
		const rotated = refreshCookie(first)
		expect(rotated).not.toBe(refreshCookie(answer))
		expect(rotated).toBe(`refreshToken=${first.body.refreshToken}`)
		const second = await refresh(rotated)
		expect(second.status).toBe(200)
		expect(refreshCookie(second)).not.toBe(rotated)
		expect(await works(second.body.token)).toBe(true)
	})

	test('two refreshes with one token at the same moment get the same successor', async () => {
		const { answer } = await login(api, 'student@example.com')
		const [a, b] = await Promise.all([
			refresh(refreshCookie(answer)),
			refresh(refreshCookie(answer)),
		])
		expect([a.status, b.status]).toEqual([200, 200])
		expect(a.body.refreshToken).toBe(b.body.refreshToken)
		expect((await refresh(refreshCookie(a))).status).toBe(200)
	})

	test('a refresh token used again after its exchange ends the whole session', async () => {
		const { answer } = await login(api, 'student@example.com')
		const stolen = refreshCookie(answer)
		const rightful = await refresh(stolen)
		expect(rightful.status).toBe(200)
		await exchangedLongAgo(stolen)

		const replayed = await refresh(stolen)
		expect(replayed.status).toBe(401)
		expect(replayed.body).toEqual({
			message: 'Invalid or expired refresh token',
			code: 'unauthorized',
		})
		// Every token of the session is dead: the successor, and the access token it gave.
		expect((await refresh(refreshCookie(rightful))).status).toBe(401)
		expect(await works(rightful.body.token)).toBe(false)
		// Another sign-in of the same account is not touched.
		const other = await login(api, 'student@example.com')
		expect(await works(other.token)).toBe(true)
	})

	test('logout refuses the access token at once, by cookie or by bearer alone', async () => {
		const byCookie = await login(api, 'teacher@example.com')
		expect(await works(byCookie.token)).toBe(true)
		await call(api, 'POST', '/auth/logout', { headers: { cookie: refreshCookie(byCookie.answer) } })
		expect(await works(byCookie.token)).toBe(false)

		const byBearer = await login(api, 'teacher@example.com')
		const loggedOut = await call(api, 'POST', '/auth/logout', { token: byBearer.token })
		expect(loggedOut.status).toBe(200)
		expect(await works(byBearer.token)).toBe(false)
		expect((await refresh(refreshCookie(byBearer.answer))).status).toBe(401)
	})

	test('GET /auth/session answers whether a sign-in is open, and refuses one ended any way', async () => {
		const session = (token?: string) => call(api, 'GET', '/auth/session', { token })
		const ended = { message: 'Access token is missing or expired' }
		const kept = await login(api, 'student@example.com')
		const byLogout = await login(api, 'student@example.com')
		const byDevice = await login(api, 'student@example.com')
		const byOthers = await login(api, 'student@example.com')
		for (const { token } of [kept, byLogout, byDevice, byOthers]) {
			const open = await session(token)
			expect(open.status).toBe(200)
			expect(open.body).toEqual({ open: true })
		}
		expect(await session()).toMatchObject({ status: 403, body: ended })

		await call(api, 'POST', '/auth/logout', { token: byLogout.token })
		expect(await session(byLogout.token)).toMatchObject({ status: 403, body: ended })
		const devices = await call(api, 'GET', '/account/sessions', { token: kept.token })
		const sid = (token: string) =>
			JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid
		const device = devices.body.sessions.find(
			(row: { id: string }) => row.id === sid(byDevice.token),
		)
		expect(device).toBeDefined()
		await call(api, 'DELETE', `/account/sessions/${device.id}`, { token: kept.token })
		expect(await session(byDevice.token)).toMatchObject({ status: 403, body: ended })
		expect((await session(byOthers.token)).status).toBe(200)
		await call(api, 'POST', '/account/sessions/end-others', { token: kept.token })
		expect(await session(byOthers.token)).toMatchObject({ status: 403, body: ended })
		expect((await session(kept.token)).status).toBe(200)
	})

	test('a course page that takes an optional token refuses a logged-out one too', async () => {
		const { token } = await login(api, 'teacher@example.com')
		const { body } = await call(api, 'GET', '/courses/public/list?limit=1')
		const courseId = body.courses[0].id
		expect((await call(api, 'GET', `/courses/${courseId}`, { token })).status).toBe(200)
		await call(api, 'POST', '/auth/logout', { token })
		expect((await call(api, 'GET', `/courses/${courseId}`, { token })).status).toBe(403)
	})
})

describe('common passwords', () => {
	test('sign-up refuses a password from the breach lists, in any letter case, next to the field', async () => {
		for (const password of ['password123', 'Qwerty123', 'ILOVEYOU1']) {
			const answer = await call(api, 'POST', '/auth/register-student', {
				json: { firstName: 'Common', lastName: 'Choice', email: uniqueEmail('common'), password },
			})
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual([
				{
					path: 'password',
					msg: 'This password is too common and easy to guess. Choose another one.',
				},
			])
		}
		const uncommon = await call(api, 'POST', '/auth/register-student', {
			json: {
				firstName: 'Uncommon',
				lastName: 'Choice',
				email: uniqueEmail('uncommon'),
				password: 'violet-harbour-lantern',
			},
		})
		expect(uncommon.status).toBe(201)
	})
})
