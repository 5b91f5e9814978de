import { describe, expect, test } from 'vitest'
import { apiForFile, call, login, registerStudent, turnOnTwoFactor } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

// Issue 29: an organization can require two-factor sign-in of its teachers (decision 037). The API
// enforces it: such a teacher without two-factor reaches only their account's settings, where it is
// set up, and everything else answers 403 with the reason, until it is on.

const PASSWORD = 'Lantern-Harbour-42'
const SET_UP_FIRST = 'Your organization requires two-factor sign-in. Set it up to continue.'

const api = apiForFile()

const requirement = (token: string, id: string, teachersNeedTwoFactor: unknown) =>
	call(api, 'PUT', `/organizations/${id}/teacher-two-factor`, {
		token,
		json: { teachersNeedTwoFactor },
	})
/** A call of the teacher area: the teacher's tasks. */
const teacherCall = (token: string) => call(api, 'GET', '/tasks', { token })

async function schoolWithTeacher() {
	const organization = await newOrganization(api)
	const teacher = await newMember(api, organization.token, 'tutor')
	const { token, user } = await login(api, teacher.email, PASSWORD)
	return { organization, teacher, token, user }
}

describe('the organization setting', () => {
	test('is off by default, set by the organization alone; bad input changes nothing', async () => {
		const { organization, token } = await schoolWithTeacher()
		const path = `/organizations/${organization.id}/teacher-two-factor`
		expect((await call(api, 'GET', path, { token: organization.token })).body).toEqual({
			teachersNeedTwoFactor: false,
		})
		expect((await requirement(token, organization.id, true)).status).toBe(403)
		const other = await newOrganization(api)
		expect((await requirement(other.token, organization.id, true)).status).toBe(403)
		const bad = await requirement(organization.token, organization.id, 'yes please')
		expect(bad.status).toBe(400)
		expect((await call(api, 'GET', path, { token: organization.token })).body).toEqual({
			teachersNeedTwoFactor: false,
		})
		const on = await requirement(organization.token, organization.id, true)
		expect(on.status).toBe(200)
		expect(on.body.teachersNeedTwoFactor).toBe(true)
		expect((await call(api, 'GET', path, { token: organization.token })).body).toEqual({
			teachersNeedTwoFactor: true,
		})
	})
})

describe('a teacher without two-factor', () => {
	test('is held at the set-up from the next call, even signed in before; set up, goes on', async () => {
		const { organization, teacher, token, user } = await schoolWithTeacher()
		expect(user.twoFactorSetupRequired).toBeUndefined()
		expect((await teacherCall(token)).status).toBe(200)

		await requirement(organization.token, organization.id, true)
		// The session opened before the change is held too: the API asks the database each call.
		const held = await teacherCall(token)
		expect(held.status).toBe(403)
		expect(held.body.message).toBe(SET_UP_FIRST)
		expect((await call(api, 'GET', '/courses/list', { token })).status).toBe(403)
		// The app's check before it serves cached pages (decision 056) says so too.
		const check = await call(api, 'GET', '/auth/session', { token })
		expect(check).toMatchObject({ status: 403, body: { message: SET_UP_FIRST } })
		// A new sign-in says so, for the app to send them to the set-up.
		const again = await login(api, teacher.email, PASSWORD)
		expect(again.user.twoFactorSetupRequired).toBe(true)
		expect((await teacherCall(again.token)).body.message).toBe(SET_UP_FIRST)

		// Their own account's settings stay open: that is where two-factor is set up.
		expect((await call(api, 'GET', '/account', { token })).status).toBe(200)
		expect((await call(api, 'GET', '/account/sessions', { token })).status).toBe(200)
		expect((await turnOnTwoFactor(api, token, PASSWORD)).status).toBe(200)
		// On, the same session goes on at once.
		expect((await teacherCall(token)).status).toBe(200)
		const secondLogin = await call(api, 'POST', '/auth/login', {
			json: { email: teacher.email, password: PASSWORD },
		})
		expect(secondLogin.body.twoFactorRequired).toBe(true)
	})

	test('is free again when the organization turns it off; students and other schools never held', async () => {
		const { organization, token } = await schoolWithTeacher()
		const student = await newMember(api, organization.token, 'student')
		const studentSession = await login(api, student.email, PASSWORD)
		const elsewhere = await schoolWithTeacher()
		const loneStudent = await registerStudent(api)

		await requirement(organization.token, organization.id, true)
		expect((await teacherCall(token)).status).toBe(403)
		expect((await teacherCall(studentSession.token)).status).toBe(200)
		expect(studentSession.user.twoFactorSetupRequired).toBeUndefined()
		expect((await teacherCall(elsewhere.token)).status).toBe(200)
		expect((await teacherCall(loneStudent.token)).status).toBe(200)

		await requirement(organization.token, organization.id, false)
		expect((await teacherCall(token)).status).toBe(200)
	})
})
