import { expect, test } from '@playwright/test'
import { AppClient, demo, demoPassword, logInApp } from './security-world'

// Issue 29: anonymous forms cost the server no more than a form's worth of work. Over plain HTTP
// against the production build, as an attacker's script posts.

const deep = (step: string, levels: number) => `a${step.repeat(levels)}`

test('150,000 fields posted to the login page are refused before they are parsed, and nothing is echoed', async () => {
	const client = new AppClient()
	// The attack of issue 29: 0.8 MB of fields without brackets, each costing conform's parsing,
	// and all of them echoed back in the answer (2.2 MB).
	const flood = new URLSearchParams()
	for (let index = 0; index < 150_000; index += 1) flood.append('a', '1')
	flood.append('email', 'not-an-email')
	flood.append('password', demoPassword)
	expect(flood.toString().length).toBeLessThan(1024 * 1024)
	const answer = await client.request('/login', { method: 'POST', form: flood })
	expect(answer.status).toBe(413)
	expect(answer.text).not.toContain('not-an-email')
	// A page's worth.
	expect(answer.text.length).toBeLessThan(200_000)
})

for (const [label, name] of [
	['a.a.a…', deep('.a', 10_000)],
	['a[0][0]…', deep('[0]', 10_000)],
] as const) {
	test(`a field name nested 10,000 levels (${label}) is a 413, not a crash`, async () => {
		const answer = await new AppClient().post('/login', {
			[name]: '1',
			email: demo.student,
			password: demoPassword,
		})
		expect(answer.status).toBe(413)
		expect(answer.text).not.toContain('a.a.a.a')
	})
}

test('a refused login or reset request echoes only the form’s own fields', async () => {
	for (const path of ['/login', '/forgot-password']) {
		const answer = await new AppClient().post(path, {
			email: 'not-an-email',
			password: '',
			'planted-field': 'planted-value-29',
			'planted.deeper': 'planted-value-29',
		})
		expect(answer.status, path).toBe(400)
		expect(answer.text, path).toContain('not-an-email')
		expect(answer.text, path).not.toContain('planted')
	}
})

test('a refused signed-in form echoes only its own fields, too', async () => {
	// Every action parses through parseForm (ESLint keeps them off conform's own parser): a
	// student's time zone form and a teacher's new course, each with planted fields beside.
	const planted = { 'planted-field': 'planted-value-37', 'planted.deeper': 'planted-value-37' }
	const student = await logInApp('student')
	const zone = await student.post('/studentdashboard/sessions', {
		intent: 'timezone',
		timeZone: 'Not/AZone',
		...planted,
	})
	expect(zone.status).toBe(400)
	expect(zone.text).not.toContain('planted')
	const teacher = await logInApp('tutor')
	const course = await teacher.post('/teachersdashboard/courses/form', {
		title: '',
		description: 'kept-description-37',
		...planted,
	})
	expect(course.status).toBe(400)
	expect(course.text).toContain('kept-description-37')
	expect(course.text).not.toContain('planted')
})

test('the login form still signs in after all that (control)', async () => {
	const answer = await new AppClient().post('/login', {
		email: demo.student,
		password: demoPassword,
		as: 'user',
	})
	expect(answer.status).toBe(302)
})
