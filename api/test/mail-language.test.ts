import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, registerStudent, uniqueEmail, type TestApi } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'
import type { TestSmtp } from './smtp.ts'
import { startMailingApi, type MailingApi } from './mailing-api.ts'

// Mails in the recipient's language (decision 064): their own, else their organization's default,
// else English, received by a real SMTP server.

let api: TestApi
let smtp: TestSmtp
let mailing: MailingApi

beforeAll(async () => {
	mailing = await startMailingApi({ config: { publicUrl: 'http://app.test:3000' } })
	;({ api, smtp } = mailing)
}, 120_000)
afterAll(async () => {
	await mailing?.close()
})

describe('mails speak the recipient’s language', () => {
	test('a student registered by an organization whose default is French gets the welcome mail in French', async () => {
		const school = await newOrganization(api)
		await call(api, 'PUT', '/account/language', { token: school.token, json: { locale: 'fr' } })
		const member = await newMember(api, school.token, 'student', { firstName: 'Amélie' })

		const mail = await smtp.waitForMail((m) => m.to.includes(member.email))
		expect(mail.subject).toBe('Confirmez votre adresse e-mail TutorHub')
		expect(mail.text).toContain('Bonjour Amélie,')
		expect(mail.text).toContain(
			'Bienvenue sur TutorHub. Confirmez que cette adresse e-mail est bien la vôtre avec le bouton ci-dessous.',
		)
		expect(mail.text).toContain('Le lien ne fonctionne qu’une seule fois, pendant trois jours.')
		expect(mail.html).toContain('<html lang="fr" dir="ltr">')
		expect(mail.html).toContain('Confirmer mon adresse e-mail')
		expect(mail.html).toContain('Ou ouvrez ce lien :')
		expect(mail.text).not.toContain('Welcome to TutorHub')
	})

	test('a person whose own language is Arabic gets their mails in Arabic, right to left', async () => {
		const student = await registerStudent(api, { firstName: 'سلمى' })
		await smtp.waitForMail((m) => m.to.includes(student.email))
		await call(api, 'PUT', '/account/language', { token: student.token, json: { locale: 'ar' } })
		const forgot = await call(api, 'POST', '/account/forgot-password', {
			json: { email: student.email },
		})
		expect(forgot.status).toBe(200)

		const mail = await smtp.waitForMail(
			(m) => m.to.includes(student.email) && m.subject !== 'Confirm your TutorHub email address',
		)
		expect(mail.subject).toBe('إعادة تعيين كلمة مرور حسابك في TutorHub')
		expect(mail.text).toContain('مرحبًا سلمى،')
		expect(mail.text).toContain('لا يعمل الرابط إلا مرة واحدة، ولمدة ساعة واحدة.')
		expect(mail.html).toContain('<html lang="ar" dir="rtl">')
		expect(mail.html).toContain('اختر كلمة مرور جديدة')
	})

	test('a notification speaks its recipient’s language: an invitation, its footer and unsubscribe line in Spanish', async () => {
		const student = await registerStudent(api, { firstName: 'Lucía' })
		await smtp.waitForMail((m) => m.to.includes(student.email))
		await call(api, 'PUT', '/account/language', { token: student.token, json: { locale: 'es' } })
		const school = await newOrganization(api, { name: 'Colegio Cervantes' })
		const invited = await call(api, 'POST', `/organizations/${school.id}/students`, {
			token: school.token,
			json: { email: student.email },
		})
		expect(invited.status).toBe(201)

		const mail = await smtp.waitForMail(
			(m) =>
				m.to.includes(student.email) &&
				m.subject.includes('TutorHub') &&
				m.subject !== 'Confirm your TutorHub email address',
		)
		expect(mail.subject).toBe('Una organización te invita a unirte a ella en TutorHub')
		expect(mail.text).toContain('Hola, Lucía:')
		expect(mail.text).toContain(
			'La organización “Colegio Cervantes” te invita a unirte a ella en TutorHub.',
		)
		expect(mail.text).toContain('Responder a la invitación: http://app.test:3000/studentdashboard')
		expect(mail.text).toContain(
			'Recibes este correo porque esta notificación está activada en tu perfil de TutorHub; puedes desactivarla allí.',
		)
		expect(mail.text).toContain(
			'Para dejar de recibir correos sobre invitaciones de organizaciones de inmediato: http://app.test:3000/unsubscribe?token=',
		)
		expect(mail.html).toContain('<html lang="es" dir="ltr">')
	})

	test('an English-speaking person’s mail keeps the spec’s words', async () => {
		const email = uniqueEmail('english')
		const answer = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'Eve', lastName: 'Lane', email, password: 'Lantern-Harbour-42' },
		})
		expect(answer.status).toBe(201)
		const mail = await smtp.waitForMail((m) => m.to.includes(email))
		expect(mail.subject).toBe('Confirm your TutorHub email address')
		expect(mail.text).toContain('Hello Eve,')
		expect(mail.text).toContain(
			'Welcome to TutorHub. Confirm that this email address is yours with the button below.',
		)
		expect(mail.text).toContain('The link works once, for three days.')
		expect(mail.html).toContain('<html lang="en" dir="ltr">')
		expect(mail.html).toContain('Or open this link:')
	})
})
