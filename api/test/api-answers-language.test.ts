import { setTimeout as pause } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { apiForFile, call, registerStudent, uniqueEmail, verifyEmailOf } from './helpers.ts'
import { newOrganization } from './org-helpers.ts'

// Decision 067: the API's own texts that decision 064 left in English, over HTTP in the reader's
// language: the schemas' messages (by Accept-Language, else the signed-in account's language), a
// 429's wait with its plural, the roster's row errors; English stays word for word.

const PROXY_SECRET = 'answers-language-proxy-secret'

const api = apiForFile({ config: { proxySecret: PROXY_SECRET } })

const createDepartment = (token: string, departmentName: string, language?: string) =>
	call(api, 'POST', '/organizations/create-department', {
		token,
		json: { departmentName },
		headers: language ? { 'Accept-Language': language } : {},
	})

describe('a bad input is answered in the reader’s language', () => {
	test('by Accept-Language: Spanish and Arabic, the field’s label translated inside its sentence; English as before', async () => {
		const school = await newOrganization(api)

		const spanish = await createDepartment(school.token, '', 'es-ES,es;q=0.9')
		expect(spanish.status).toBe(400)
		expect(spanish.body).toEqual({
			// The answer's own message is said too; a client tells refusals apart by the code
			// (decision 072).
			message: 'La validación falló',
			code: 'validation_failed',
			errors: [
				{ path: 'departmentName', msg: 'El campo «Nombre del departamento» es obligatorio' },
			],
		})

		const arabic = await createDepartment(school.token, 'ق'.repeat(101), 'ar')
		expect(arabic.status).toBe(400)
		expect(arabic.body).toEqual({
			message: 'فشل التحقق',
			code: 'validation_failed',
			errors: [{ path: 'departmentName', msg: 'يجب ألا يتجاوز حقل «اسم القسم» 100 حرف' }],
		})

		// English, asked for or not, is the spec's text byte for byte.
		for (const language of ['en', undefined]) {
			const english = await createDepartment(school.token, '', language)
			expect(english.body).toEqual({
				message: 'Validation failed',
				code: 'validation_failed',
				errors: [{ path: 'departmentName', msg: 'Department name is required' }],
			})
		}
	})

	test('a schema’s literal text, without Accept-Language, in the signed-in account’s French', async () => {
		const pupil = await registerStudent(api)
		const bad = { submissionGraded: 'yes' }
		const before = await call(api, 'PUT', '/account/notifications', {
			token: pupil.token,
			json: bad,
		})
		expect(before.body.errors).toEqual([{ path: 'submissionGraded', msg: 'Must be true or false' }])

		const set = await call(api, 'PUT', '/account/language', {
			token: pupil.token,
			json: { locale: 'fr' },
		})
		expect(set.status).toBe(200)
		const french = await call(api, 'PUT', '/account/notifications', {
			token: pupil.token,
			json: bad,
		})
		expect(french.status).toBe(400)
		expect(french.body).toEqual({
			message: 'La validation a échoué',
			code: 'validation_failed',
			errors: [{ path: 'submissionGraded', msg: 'Doit être vrai ou faux' }],
		})
		// A page in another language (the app sends its own) wins over the account's.
		const spanishPage = await call(api, 'PUT', '/account/notifications', {
			token: pupil.token,
			json: bad,
			headers: { 'Accept-Language': 'es' },
		})
		expect(spanishPage.body.errors).toEqual([
			{ path: 'submissionGraded', msg: 'Debe ser verdadero o falso' },
		])
	})
})

describe('a 429’s wait', () => {
	const attempt = (email: string, from: string, language: string) =>
		call(api, 'POST', '/auth/login', {
			json: { email, password: 'wrong-password' },
			headers: {
				'x-tutorhub-client-address': from,
				'x-tutorhub-proxy-secret': PROXY_SECRET,
				'Accept-Language': language,
			},
		})

	test('is said in Arabic with Arabic’s plural: one second, then two (the dual)', async () => {
		const pupil = await registerStudent(api)
		const from = '198.51.100.67'
		for (let failure = 1; failure <= 5; failure++) {
			expect((await attempt(pupil.email, from, 'ar')).status).toBe(401)
		}
		const once = await attempt(pupil.email, from, 'ar')
		expect(once.status).toBe(429)
		expect(once.headers.get('retry-after')).toBe('1')
		expect(once.body).toEqual({
			message: 'محاولات تسجيل دخول فاشلة كثيرة جدًا. حاول مرة أخرى بعد ثانية واحدة.',
			code: 'rate_limited',
		})

		// The wait over, one more wrong password doubles it.
		await pause(1_100)
		expect((await attempt(pupil.email, from, 'ar')).status).toBe(401)
		const twice = await attempt(pupil.email, from, 'ar')
		expect(twice.status).toBe(429)
		expect(twice.headers.get('retry-after')).toBe('2')
		expect(twice.body.message).toBe(
			'محاولات تسجيل دخول فاشلة كثيرة جدًا. حاول مرة أخرى بعد ثانيتين.',
		)
		const spanish = await attempt(pupil.email, from, 'es')
		expect(spanish.body.message).toMatch(
			/^Demasiados intentos fallidos de inicio de sesión\. Vuelve a intentarlo en [12] segundos?\.$/,
		)
		const english = await attempt(pupil.email, from, 'en')
		expect(english.body.message).toMatch(
			/^Too many failed login attempts\. Try again in [12] seconds?\.$/,
		)
	})
})

describe('the roster’s row errors', () => {
	test('are said in French, with the row’s own values; English as stored', async () => {
		const school = await newOrganization(api)
		await verifyEmailOf(api, school.email)
		for (const departmentName of ['Mathematics', 'Sciences']) {
			expect((await createDepartment(school.token, departmentName)).status).toBe(201)
		}
		const twice = uniqueEmail('zoe')
		const csv = [
			'role,first name,last name,email,department,student number',
			`student,Amélie,Durand,${uniqueEmail('amelie')},Physique,`,
			`principal,Jean,Dupont,${uniqueEmail('jean')},Mathematics,`,
			`student,Zoé,Martin,${twice},Mathematics,`,
			`student,Zoé,Martin,${twice},Sciences,`,
			`student,Lé\u0007a,Petit,${uniqueEmail('lea')},Sciences,`,
		].join('\n')
		const form = new FormData()
		form.set('file', new File([csv], 'classe.csv', { type: 'text/csv' }))
		const uploaded = await call(api, 'POST', `/organizations/${school.id}/roster/imports`, {
			token: school.token,
			body: form,
		})
		expect(uploaded.status).toBe(201)
		const rowsIn = (language: string) =>
			call(
				api,
				'GET',
				`/organizations/${school.id}/roster/imports/${uploaded.body.import.id}?show=errors`,
				{ token: school.token, headers: { 'Accept-Language': language } },
			)

		const french = await rowsIn('fr-FR,fr;q=0.9,en;q=0.5')
		expect(french.status).toBe(200)
		expect(
			french.body.rows.map((row: { line: number; error: string }) => [row.line, row.error]),
		).toEqual([
			[2, 'Département inconnu : « Physique »'],
			[3, 'Le rôle doit être student ou teacher'],
			[5, 'Doublon dans le fichier : cette adresse e-mail figure aussi à la ligne 4'],
			[6, 'Le champ « Prénom » contient un caractère non autorisé'],
		])

		const english = await rowsIn('en')
		expect(english.body.rows.map((row: { error: string }) => row.error)).toEqual([
			'Unknown department "Physique"',
			'Role must be student or teacher',
			'Duplicate in the file: this email is also on row 4',
			'First name contains a character that is not allowed',
		])
		// The stored message and values stay out of the answer.
		for (const row of [...french.body.rows, ...english.body.rows])
			expect(row).not.toHaveProperty('said')
	})
})

describe('a success message the app shows', () => {
	test('is said in the request’s language, with its own values; English as before', async () => {
		const pupil = await registerStudent(api)
		const resend = (language: string) =>
			call(api, 'POST', '/account/verification', {
				token: pupil.token,
				headers: { 'Accept-Language': language },
			})
		const french = await resend('fr')
		expect(french.status).toBe(200)
		expect(french.body.message).toBe(
			`Nous avons envoyé un nouveau lien de vérification à ${pupil.email}.`,
		)
		const english = await resend('en')
		expect(english.body.message).toBe(`We sent a new verification link to ${pupil.email}.`)

		const saved = await call(api, 'PUT', '/account/notifications', {
			token: pupil.token,
			json: { submissionGraded: false },
			headers: { 'Accept-Language': 'ar' },
		})
		expect(saved.status).toBe(200)
		expect(saved.body.message).toBe('حُفظت إعدادات الإشعارات')
	})
})
