import { describe, expect, it } from 'vitest'
import { apiForFile, call, login, registerStudent } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const api = apiForFile()

describe('an account chooses its language (decision 063)', () => {
	it('a person sets and clears their own; the next login speaks it', async () => {
		const student = await registerStudent(api)
		expect((await call(api, 'GET', '/account/language', { token: student.token })).body).toEqual({
			locale: null,
			spoken: null,
		})
		const set = await call(api, 'PUT', '/account/language', {
			token: student.token,
			json: { locale: 'ar' },
		})
		expect(set.status).toBe(200)
		expect(set.body).toEqual({ locale: 'ar', spoken: 'ar' })
		const again = await login(api, student.email, 'Lantern-Harbour-42')
		expect(again.user.locale).toBe('ar')

		const cleared = await call(api, 'PUT', '/account/language', {
			token: student.token,
			json: { locale: null },
		})
		expect(cleared.body).toEqual({ locale: null, spoken: null })
		expect((await login(api, student.email, 'Lantern-Harbour-42')).user.locale).toBeUndefined()
	})

	it('refuses a language it does not speak, and changes nothing', async () => {
		const student = await registerStudent(api)
		await call(api, 'PUT', '/account/language', { token: student.token, json: { locale: 'fr' } })
		for (const locale of ['de', 'en-XA', '', 7, 'FR']) {
			const refused = await call(api, 'PUT', '/account/language', {
				token: student.token,
				json: { locale },
			})
			expect(refused.status).toBe(400)
		}
		expect(
			(await call(api, 'PUT', '/account/language', { token: student.token, json: {} })).status,
		).toBe(400)
		expect(
			(await call(api, 'GET', '/account/language', { token: student.token })).body.locale,
		).toBe('fr')
	})

	it('needs a signed-in account', async () => {
		expect((await call(api, 'GET', '/account/language')).status).toBe(403)
		expect((await call(api, 'PUT', '/account/language', { json: { locale: 'es' } })).status).toBe(
			403,
		)
	})

	it("an organization's default speaks for its members who chose none, not for those who did", async () => {
		const school = await newOrganization(api)
		const set = await call(api, 'PUT', '/account/language', {
			token: school.token,
			json: { locale: 'fr' },
		})
		expect(set.body).toEqual({ locale: 'fr', spoken: 'fr' })
		const member = await newMember(api, school.token)
		const memberLogin = await login(api, member.email, 'Lantern-Harbour-42')
		expect(memberLogin.user.locale).toBe('fr')
		expect(
			(await call(api, 'GET', '/account/language', { token: memberLogin.token })).body,
		).toEqual({ locale: null, spoken: 'fr' })

		await call(api, 'PUT', '/account/language', {
			token: memberLogin.token,
			json: { locale: 'es' },
		})
		expect((await login(api, member.email, 'Lantern-Harbour-42')).user.locale).toBe('es')

		// A person outside the organization is not touched by its default.
		const outsider = await registerStudent(api)
		expect(
			(await call(api, 'GET', '/account/language', { token: outsider.token })).body.spoken,
		).toBeNull()
	})

	it('two changes at once leave one of them, whole', async () => {
		const student = await registerStudent(api)
		const answers = await Promise.all(
			['es', 'ar', 'fr', 'es', 'ar'].map((locale) =>
				call(api, 'PUT', '/account/language', { token: student.token, json: { locale } }),
			),
		)
		expect(answers.every((answer) => answer.status === 200)).toBe(true)
		const now = (await call(api, 'GET', '/account/language', { token: student.token })).body
		expect(['es', 'ar', 'fr']).toContain(now.locale)
		expect(now.spoken).toBe(now.locale)
	})
})

describe("a course's own language (decision 063)", () => {
	const newCourse = (fields: Record<string, unknown> = {}) => ({
		title: 'Français pour débutants',
		description: 'Les bases, en classe.',
		category: 'Languages',
		level: 'Beginner',
		price: { amount: 20, currency: 'EUR' },
		...fields,
	})

	it('its teacher sets it, anyone reads it, others cannot change it', async () => {
		const teacher = await login(api, 'teacher@example.com')
		const created = await call(api, 'POST', '/courses/create-course', {
			token: teacher.token,
			json: newCourse({ locale: 'fr' }),
		})
		expect(created.status).toBe(201)
		expect(created.body.course.locale).toBe('fr')
		const id = created.body.course.id as string
		const read = await call(api, 'GET', `/courses/${id}`, { token: teacher.token })
		expect(read.body.course.locale).toBe('fr')

		const refused = await call(api, 'PUT', `/courses/update-course/${id}`, {
			token: teacher.token,
			json: { locale: 'de' },
		})
		expect(refused.status).toBe(400)
		const other = await registerStudent(api)
		const stranger = await call(api, 'PUT', `/courses/update-course/${id}`, {
			token: other.token,
			json: { locale: 'es' },
		})
		expect(stranger.status).toBe(403)

		const cleared = await call(api, 'PUT', `/courses/update-course/${id}`, {
			token: teacher.token,
			json: { locale: null },
		})
		expect(cleared.status).toBe(200)
		expect(cleared.body.course.locale).toBeNull()
	})

	it('a course made without one has none', async () => {
		const teacher = await login(api, 'teacher@example.com')
		const created = await call(api, 'POST', '/courses/create-course', {
			token: teacher.token,
			json: newCourse(),
		})
		expect(created.body.course.locale).toBeNull()
	})
})
