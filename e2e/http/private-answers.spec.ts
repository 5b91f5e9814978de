import { expect, test } from '@playwright/test'
import { AppClient, demo, demoPassword, logInApp } from './security-world'

// Answers for someone signed in are never kept by a browser or a shared cache (issue 38): the
// profile (which can hold a pending two-factor secret), its .data, the dashboards and private
// files all say Cache-Control: no-store. Visitors' public pages keep their caching.

test('signed-in documents, their .data and private files say Cache-Control: no-store', async () => {
	for (const [role, profile] of [
		['student', '/studentdashboard/profile'],
		['tutor', '/teachersdashboard/profile'],
	] as const) {
		const client = await logInApp(role)
		for (const path of [
			profile,
			`${profile}.data`,
			role === 'student' ? '/studentdashboard' : '/teachersdashboard',
			'/courses',
			'/courses.data',
		]) {
			const answer = await client.request(path)
			expect([path, answer.status]).toEqual([path, 200])
			expect([path, answer.headers.get('cache-control')]).toEqual([path, 'no-store'])
		}
	}
})

test('the log-in answer that sets the session cookie says no-store; a visitor’s catalogue does not', async () => {
	const visitor = new AppClient()
	const catalogue = await visitor.request('/courses')
	expect(catalogue.status).toBe(200)
	expect(catalogue.headers.get('cache-control') ?? '').not.toContain('no-store')
	const login = await new AppClient('student').post('/login', {
		email: demo.student,
		password: demoPassword,
		as: 'user',
		redirectTo: '',
	})
	expect(login.setCookies.length).toBeGreaterThan(0)
	expect(login.headers.get('cache-control')).toBe('no-store')
})
