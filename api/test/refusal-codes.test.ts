import { describe, expect, test } from 'vitest'
import { apiForFile, call, login, registerStudent } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

// Decision 072: every error answer carries a stable `code`, so a client tells refusals apart by it
// and the answer's own `message` is said in the reader's language like the rest (Accept-Language,
// else the account's, else its organization's, else English, the spec's words byte for byte).

const api = apiForFile()
const PASSWORD = 'Lantern-Harbour-42'

const spanish = { 'Accept-Language': 'es-ES,es;q=0.9' }
const arabic = { 'Accept-Language': 'ar' }

async function heldTeacher() {
	const organization = await newOrganization(api)
	const teacher = await newMember(api, organization.token, 'tutor')
	const { token } = await login(api, teacher.email, PASSWORD)
	const required = await call(api, 'PUT', `/organizations/${organization.id}/teacher-two-factor`, {
		token: organization.token,
		json: { teachersNeedTwoFactor: true },
	})
	expect(required.status).toBe(200)
	return token
}

describe('a refusal the app tells apart has its own code, its message in the reader’s language', () => {
	test('two-factor set-up required: Spanish, Arabic, and English word for word', async () => {
		const token = await heldTeacher()
		const inSpanish = await call(api, 'GET', '/tasks', { token, headers: spanish })
		expect(inSpanish.status).toBe(403)
		expect(inSpanish.body).toEqual({
			message:
				'Tu organización exige el inicio de sesión en dos pasos. Configúralo para continuar.',
			code: 'two_factor_setup_required',
		})
		const inArabic = await call(api, 'GET', '/tasks', { token, headers: arabic })
		expect(inArabic.body).toEqual({
			message: 'تشترط مؤسستك تسجيل الدخول بخطوتين. أعدّه للمتابعة.',
			code: 'two_factor_setup_required',
		})
		for (const headers of [{ 'Accept-Language': 'en' }, {}] as Record<string, string>[]) {
			const inEnglish = await call(api, 'GET', '/tasks', { token, headers })
			expect(inEnglish.body).toEqual({
				message: 'Your organization requires two-factor sign-in. Set it up to continue.',
				code: 'two_factor_setup_required',
			})
		}
	})

	test('an expired two-factor step: Arabic and Spanish, English as before', async () => {
		const step = (headers: Record<string, string>) =>
			call(api, 'POST', '/auth/two-factor', {
				json: { challenge: 'not-a-challenge', code: '123456' },
				headers,
			})
		const inArabic = await step(arabic)
		expect(inArabic.status).toBe(401)
		expect(inArabic.body).toEqual({
			message: 'استغرق تسجيل دخولك وقتًا طويلًا. سجّل الدخول مرة أخرى.',
			code: 'challenge_expired',
		})
		expect((await step(spanish)).body).toEqual({
			message: 'Tu inicio de sesión tardó demasiado. Vuelve a iniciar sesión.',
			code: 'challenge_expired',
		})
		expect((await step({})).body).toEqual({
			message: 'Your sign-in took too long. Log in again.',
			code: 'challenge_expired',
		})
	})
})

describe('the general refusals keep their code whatever the language', () => {
	test('not found, a missing token, a wrong password, a body too large, a bad input', async () => {
		const unknownPath = await call(api, 'GET', '/no-such-call', { headers: spanish })
		expect(unknownPath.status).toBe(404)
		expect(unknownPath.body).toEqual({ message: 'No encontrado', code: 'not_found' })

		const noToken = await call(api, 'GET', '/tasks', { headers: arabic })
		expect(noToken.status).toBe(403)
		expect(noToken.body.code).toBe('access_token_invalid')
		expect(noToken.body.message).toMatch(/[\u0600-\u06FF]/)

		const student = await registerStudent(api)
		const wrongPassword = await call(api, 'POST', '/auth/login', {
			json: { email: student.email, password: 'not-the-password' },
			headers: spanish,
		})
		expect(wrongPassword.status).toBe(401)
		expect(wrongPassword.body).toEqual({
			message: 'Correo electrónico o contraseña no válidos',
			code: 'invalid_credentials',
		})

		const tooLarge = await call(api, 'POST', '/auth/login', {
			json: { email: student.email, password: 'x'.repeat(1024 * 1024 + 10) },
			headers: arabic,
		})
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.headers.get('connection')).toBe('close')
		expect(tooLarge.body).toEqual({
			message: 'نص الطلب كبير جدًا (الحد الأقصى 1 ميغابايت)',
			code: 'body_too_large',
		})

		const notMine = await call(api, 'GET', '/announcements/not-a-uuid', {
			token: student.token,
			headers: arabic,
		})
		expect(notMine.status).toBe(400)
		expect(notMine.body).toMatchObject({ message: 'فشل التحقق', code: 'validation_failed' })
	})

	test('a call that answers under `error` says it there, with its code', async () => {
		const refused = await call(api, 'POST', '/schedule/create', { json: {}, headers: spanish })
		expect(refused.status).toBe(403)
		expect(refused.body).toEqual({
			error: 'Falta el token de acceso o ha caducado',
			code: 'access_token_invalid',
		})
	})

	test('without Accept-Language, the signed-in account’s language says the message', async () => {
		const student = await registerStudent(api)
		await call(api, 'PUT', '/account/language', { token: student.token, json: { locale: 'fr' } })
		const missing = await call(api, 'GET', '/announcements/00000000-0000-4000-8000-000000000000', {
			token: student.token,
		})
		expect(missing.status).toBe(404)
		expect(missing.body).toEqual({ message: 'Annonce introuvable', code: 'not_found' })
	})
})

test('the contract documents each refusal’s code beside its text', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const error = body.components.schemas.Error
	for (const variant of error.anyOf ?? error.oneOf) expect(variant.required).toContain('code')
	const examples =
		body.paths['/api/v1/auth/two-factor'].post.responses['401'].content['application/json'].examples
	expect(Object.values(examples)).toContainEqual({
		value: { message: 'Your sign-in took too long. Log in again.', code: 'challenge_expired' },
	})
	expect(body.components.examples.ValidationFailed.value).toEqual({
		message: 'Validation failed',
		code: 'validation_failed',
	})
})
