import { expect, test } from '@playwright/test'
import { apiUrl } from '../../playwright.config'
import { AppClient, demoPassword, registerUser } from './security-world'

// A session that ends is over everywhere, and a copied session cookie gives away nothing.

const jwt = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}/

async function signedInStudent() {
	const { email } = await registerUser('student', 'session-student')
	const browser = new AppClient('student')
	const login = await browser.post('/login', {
		email,
		password: demoPassword,
		as: 'user',
		redirectTo: '',
	})
	expect(login.status).toBe(302)
	expect(login.location).toBe('/studentdashboard')
	return browser
}

const apiAnswers = async (accessToken: string) =>
	(await fetch(`${apiUrl}/users/tutors`, { headers: { Authorization: `Bearer ${accessToken}` } }))
		.status

test('the session cookie, decoded, shows no access or refresh token', async () => {
	const browser = await signedInStudent()
	const { accessToken, refreshToken } = await browser.sessionData()
	expect(accessToken).toMatch(jwt)
	expect(refreshToken).toBeTruthy()

	// What someone who copied the cookie can read without the server's secret.
	const cookie = browser.sessionCookie()
	const decoded = [cookie, atob(cookie)]
	try {
		const inner = JSON.parse(atob(cookie)) as string
		for (const part of inner.split('.'))
			decoded.push(Buffer.from(part, 'base64url').toString('latin1'))
	} catch {
		// Not JSON inside: nothing more to decode.
	}
	for (const text of decoded) {
		expect(text).not.toMatch(jwt)
		expect(text).not.toContain(refreshToken!)
		expect(text).not.toContain(accessToken!)
		expect(text).not.toContain('refreshToken')
	}

	// A cookie changed by one character is no session at all.
	const tampered = new AppClient('student')
	const flipped = cookie.slice(0, -3) + (cookie.at(-3) === 'A' ? 'B' : 'A') + cookie.slice(-2)
	tampered.cookies.set('__session', encodeURIComponent(flipped))
	const answer = await tampered.get('/studentdashboard')
	expect(answer.status).toBe(302)
	expect(answer.location).toMatch(/^\/login/)
})

test('after logout the old cookie sends to /login and every token of the session is refused', async () => {
	const browser = await signedInStudent()
	const stolen = new AppClient('student')
	for (const [name, value] of browser.cookies) stolen.cookies.set(name, value)
	const { accessToken, refreshToken } = await browser.sessionData()
	expect(await apiAnswers(accessToken!)).toBe(200)
	expect((await stolen.get('/studentdashboard')).status).toBe(200)

	const logout = await browser.post('/logout')
	expect(logout.status).toBe(302)
	expect(logout.location).toBe('/login')
	expect(browser.cookies.has('__session')).toBe(false)

	// The access token inside is refused at once, long before it would expire.
	expect(await apiAnswers(accessToken!)).toBe(403)
	const refreshed = await fetch(`${apiUrl}/auth/refresh-token`, {
		method: 'POST',
		headers: { Cookie: `refreshToken=${refreshToken}`, 'X-Retry': 'true' },
	})
	expect(refreshed.status).toBe(401)
	// Replaying the copied cookie opens nothing.
	const replayed = await stolen.get('/studentdashboard')
	expect(replayed.status).toBe(302)
	expect(replayed.location).toMatch(/^\/login/)
	expect(replayed.text).not.toContain('Welcome')
})
