import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import {
	call,
	login,
	registerStudent,
	uniqueEmail,
	verifyEmailOf,
	type TestApi,
} from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'
import type { TestSmtp } from './smtp.ts'
import { startMailingApi, type MailingApi } from './mailing-api.ts'

// What decision 064 left in English, now in the reader's language: the reminders, the export-ready
// and roster set-your-password mails (received by a real SMTP server), the term files' CSV headers
// (streamed and from the background, the same bytes), the API's own refusals and computed texts.

const DAY = 24 * 60 * 60 * 1000

let api: TestApi
let smtp: TestSmtp
let mailing: MailingApi

beforeAll(async () => {
	mailing = await startMailingApi({
		config: { publicUrl: 'http://app.test:3000', exportStreamLimit: 1 },
	})
	;({ api, smtp } = mailing)
}, 120_000)
afterAll(async () => {
	await mailing?.close()
})

/** An organization whose default language is `locale`, its own address verified. */
async function schoolSpeaking(locale: string, name = 'École Molière') {
	const school = await newOrganization(api, { name })
	await verifyEmailOf(api, school.email)
	const set = await call(api, 'PUT', '/account/language', {
		token: school.token,
		json: { locale },
	})
	expect(set.status).toBe(200)
	return school
}

describe('mails decision 064 left in English', () => {
	test('a French-speaking student’s task reminder is in French, its date in French words', async () => {
		const pupil = await registerStudent(api, { firstName: 'Amélie' })
		await smtp.waitForMail((m) => m.to.includes(pupil.email))
		await call(api, 'PUT', '/account/language', { token: pupil.token, json: { locale: 'fr' } })
		const teacher = (await login(api, 'teacher@example.com')).token
		const made = await call(api, 'POST', '/__test/enrolled-course', {
			json: {
				tutorEmail: 'teacher@example.com',
				title: 'Optique',
				studentEmails: [pupil.email],
			},
		})
		expect(made.status).toBe(201)
		const form = new FormData()
		form.set('courseId', made.body.courseId)
		form.set('title', 'Schéma de lentille')
		const due = new Date(Math.floor((Date.now() + 3 * DAY) / 60_000) * 60_000)
		form.set('dueDate', due.toISOString())
		const task = await call(api, 'POST', '/tasks/create-task', { token: teacher, body: form })
		expect(task.status).toBe(201)
		await smtp.waitForMail((m) => m.to.includes(pupil.email) && m.subject.includes('Schéma'))

		const swept = await call(api, 'POST', '/__test/reminders/sweep', {
			json: { at: new Date(due.getTime() - 2 * 60 * 60 * 1000).toISOString() },
		})
		expect(swept.status).toBe(200)
		const mail = await smtp.waitForMail(
			(m) => m.to.includes(pupil.email) && m.subject.startsWith('Rappel'),
		)
		expect(mail.subject).toBe('Rappel : “Schéma de lentille” est à rendre dans moins d’un jour')
		expect(mail.text).toContain('Bonjour Amélie,')
		expect(mail.text).toContain('« Schéma de lentille », dans Optique, est à rendre le ')
		expect(mail.text).toContain('et vous ne l’avez pas encore rendu.')
		const weekday = new Intl.DateTimeFormat('fr', { weekday: 'long', timeZone: 'UTC' }).format(due)
		expect(mail.text).toContain(weekday)
		expect(mail.html).toContain('<html lang="fr" dir="ltr">')
		expect(mail.html).toContain('Ouvrir le devoir')
		expect(mail.text).not.toContain('you have not submitted')
	})

	test('a French organization’s export-ready mail is in French', async () => {
		const school = await schoolSpeaking('fr')
		const started = await call(api, 'POST', `/organizations/${school.id}/exports`, {
			token: school.token,
			json: { kind: 'scores', term: 'Trimestre 1' },
		})
		expect(started.status).toBe(202)
		await afterAnswersDone()
		const mail = await smtp.waitForMail(
			(m) => m.to.includes(school.email) && m.subject.includes('export'),
		)
		expect(mail.subject).toBe('Votre export TutorHub est prêt')
		expect(mail.text).toContain(
			'La grille des notes de Trimestre 1 est prête sous forme de fichier CSV.',
		)
		expect(mail.text).toContain('Le fichier est conservé 7 jours.')
		expect(mail.html).toContain('Télécharger le fichier')
		expect(mail.html).toContain('<html lang="fr" dir="ltr">')
	})

	test('a roster’s new account gets its set-your-password mail in its organization’s Spanish', async () => {
		const school = await schoolSpeaking('es', 'Colegio Cervantes')
		const department = await call(api, 'POST', '/organizations/create-department', {
			token: school.token,
			json: { departmentName: 'Ciencias' },
		})
		expect(department.status).toBe(201)
		const email = uniqueEmail('nuevo')
		const form = new FormData()
		const file = `role,first name,last name,email,department,student number\nstudent,Lucía,Gómez,${email},Ciencias,`
		form.set('file', new File([file], 'roster.csv', { type: 'text/csv' }))
		const uploaded = await call(api, 'POST', `/organizations/${school.id}/roster/imports`, {
			token: school.token,
			body: form,
		})
		expect(uploaded.status).toBe(201)
		const confirmed = await call(
			api,
			'POST',
			`/organizations/${school.id}/roster/imports/${uploaded.body.import.id}/confirm`,
			{ token: school.token },
		)
		expect(confirmed.status).toBe(202)
		await afterAnswersDone()

		const mail = await smtp.waitForMail((m) => m.to.includes(email))
		expect(mail.subject).toBe('Tu cuenta de TutorHub: elige tu contraseña')
		expect(mail.text).toContain('Hola, Lucía:')
		expect(mail.text).toContain(
			'La organización “Colegio Cervantes” te ha añadido a TutorHub como estudiante.',
		)
		expect(mail.text).toContain('«¿Olvidaste tu contraseña?»')
		expect(mail.html).toContain('<html lang="es" dir="ltr">')
		expect(mail.html).toContain('Elegir tu contraseña')
	})
})

describe('the term files’ CSV headers', () => {
	test('a score grid and result cards asked for in Spanish have Spanish headers, streamed and from the background, the same bytes', async () => {
		const school = await schoolSpeaking('en', 'Colegio Norte')
		const students = []
		for (const firstName of ['Ana', 'Luis']) {
			students.push(await newMember(api, school.token, 'student', { firstName }))
		}
		const saved = await call(api, 'PUT', `/organizations/${school.id}/scores`, {
			token: school.token,
			json: {
				term: 'Periodo 1',
				scores: [
					{ studentId: students[0]!.id, subject: 'Matemáticas', score: 91 },
					{ studentId: students[1]!.id, subject: 'Matemáticas', score: 55 },
				],
			},
		})
		expect(saved.status).toBe(200)
		const headers = { authorization: `Bearer ${school.token}`, 'accept-language': 'es-ES,es;q=0.9' }
		const expected = {
			scores: 'Estudiante,Correo electrónico,Periodo,Matemáticas',
			'result-cards': 'Estudiante,Correo electrónico,Periodo,Matemáticas,Media,Banda',
		}
		for (const kind of ['scores', 'result-cards'] as const) {
			const started = await fetch(`${api.baseUrl}/organizations/${school.id}/exports`, {
				method: 'POST',
				headers: { ...headers, 'content-type': 'application/json' },
				body: JSON.stringify({ kind, term: 'Periodo 1' }),
			})
			expect(started.status).toBe(202)
			const { export: job } = (await started.json()) as { export: { id: string } }
			await afterAnswersDone()
			const done = await call(api, 'GET', `/organizations/${school.id}/exports/${job.id}`, {
				token: school.token,
			})
			expect(done.body.export.status).toBe('done')
			// The file is read later by anyone: its bytes are the requester's, whatever the reader asks.
			const file = await fetch(`${api.baseUrl}${done.body.export.download}`, {
				headers: { authorization: `Bearer ${school.token}` },
			})
			const streamed = await fetch(
				`${api.baseUrl}/organizations/${school.id}/${kind}/export?term=Periodo%201`,
				{ headers },
			)
			const fileBytes = Buffer.from(await file.arrayBuffer())
			const streamedBytes = Buffer.from(await streamed.arrayBuffer())
			expect(
				streamedBytes
					.toString('utf8')
					.replace(/^\uFEFF/, '')
					.split('\r\n')[0],
			).toBe(expected[kind])
			expect(fileBytes.equals(streamedBytes)).toBe(true)
		}
	})
})

describe('texts the API builds from values', () => {
	test('an Arabic request’s too-long roster file is refused in Arabic, its numbers in Arabic; English stays word for word', async () => {
		const school = await schoolSpeaking('ar', 'مدرسة النور')
		const rows = Array.from(
			{ length: 10_001 },
			(_, index) => `student,A,B,pupil${index}@example.com,Sciences,`,
		)
		const file = `role,first name,last name,email,department,student number\n${rows.join('\n')}`
		const upload = (language?: string) => {
			const form = new FormData()
			form.set('file', new File([file], 'roster.csv', { type: 'text/csv' }))
			return fetch(`${api.baseUrl}/organizations/${school.id}/roster/imports`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${school.token}`,
					...(language && { 'accept-language': language }),
				},
				body: form,
			})
		}
		const arabic = await upload('ar')
		expect(arabic.status).toBe(400)
		const number = (n: number) => new Intl.NumberFormat('ar').format(n)
		expect(await arabic.json()).toEqual({
			// The refusal said in Arabic too, with its code (decision 072).
			message: 'فشل التحقق',
			code: 'validation_failed',
			errors: [
				{
					path: 'file',
					msg: `يحتوي الملف على ${number(10_001)} من الصفوف، ولا يمكن استيراد أكثر من ${number(10_000)} صف في المرة الواحدة`,
				},
			],
		})
		// Asked for in English (without a language it is the school's own Arabic, decision 067).
		const english = await upload('en')
		expect((await english.json()).errors).toEqual([
			{
				path: 'file',
				msg: 'The file has 10,001 rows: at most 10,000 can be imported at once',
			},
		])
	})
})
