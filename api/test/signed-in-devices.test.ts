import { describe, expect, test } from 'vitest'
import { describeDevice } from '../src/auth/devices.ts'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { apiForFile, call, organizationLogin, refreshCookie, registerStudent } from './helpers.ts'

// Issue 29, "Where you are signed in": the account's open sessions, with the device each was made
// on, and ending one of them or all the others, over HTTP on a fresh database.

const PROXY_SECRET = 'devices-proxy-secret'
const PASSWORD = 'Lantern-Harbour-42'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const api = apiForFile({ config: { proxySecret: PROXY_SECRET } })

/** The headers the app sends for its browser: its address and user agent, vouched for. */
const fromBrowser = (address: string, userAgent: string, secret = PROXY_SECRET) => ({
	'x-tutorhub-client-address': address,
	'x-tutorhub-client-agent': userAgent,
	'x-tutorhub-proxy-secret': secret,
})

async function signIn(email: string, headers: Record<string, string> = {}) {
	const answer = await call(api, 'POST', '/auth/login', {
		json: { email, password: PASSWORD },
		headers,
	})
	expect(answer.status).toBe(200)
	return { token: answer.body.user.accessToken as string, cookie: refreshCookie(answer) }
}

/** A new student with no sign-in open (registering signs in once: that one is logged out). */
async function newStudent() {
	const { email, token } = await registerStudent(api)
	await call(api, 'POST', '/auth/logout', { token })
	return { email }
}

const sessionsOf = (token: string) => call(api, 'GET', '/account/sessions', { token })
const refresh = (cookie: string, headers: Record<string, string> = {}) =>
	call(api, 'POST', '/auth/refresh-token', { headers: { cookie, ...headers } })

describe('where you are signed in', () => {
	test('lists each open sign-in with the device and address the app vouched for, and marks the one asking', async () => {
		const { email } = await newStudent()
		await signIn(email, fromBrowser('203.0.113.20', FIREFOX_LINUX))
		// A forged agent and address without the app's secret are not believed.
		const phone = await signIn(email, {
			...fromBrowser('198.51.100.1', 'Evil/1.0', 'wrong-secret'),
			'user-agent': SAFARI_IPHONE,
		})
		const listed = await sessionsOf(phone.token)
		expect(listed.status).toBe(200)
		const { sessions } = listed.body
		expect(sessions).toHaveLength(2)
		expect(sessions[0]).toMatchObject({ device: 'Safari on iOS', current: true })
		expect(sessions[0].address).not.toBe('198.51.100.1')
		expect(sessions[1]).toMatchObject({
			device: 'Firefox on Linux',
			address: '203.0.113.20',
			current: false,
		})
		expect(Date.parse(sessions[1].lastSeenAt)).not.toBeNaN()
		expect(Date.parse(sessions[1].signedInAt)).not.toBeNaN()
	})

	test('a refresh moves the sign-in to the top with its new address', async () => {
		const { email } = await newStudent()
		const laptop = await signIn(email, fromBrowser('203.0.113.30', FIREFOX_LINUX))
		const phone = await signIn(email, fromBrowser('203.0.113.31', SAFARI_IPHONE))
		expect((await sessionsOf(phone.token)).body.sessions[0].device).toBe('Safari on iOS')
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect((await refresh(laptop.cookie, fromBrowser('203.0.113.99', FIREFOX_LINUX))).status).toBe(
			200,
		)
		const [first] = (await sessionsOf(phone.token)).body.sessions
		expect(first).toMatchObject({ device: 'Firefox on Linux', address: '203.0.113.99' })
	})

	test('ending one sign-in refuses its tokens at once and leaves the others', async () => {
		const { email } = await newStudent()
		const laptop = await signIn(email, fromBrowser('203.0.113.40', FIREFOX_LINUX))
		const phone = await signIn(email, fromBrowser('203.0.113.41', SAFARI_IPHONE))
		const laptopId = (await sessionsOf(phone.token)).body.sessions.find(
			(session: { current: boolean }) => !session.current,
		).id

		const ended = await call(api, 'DELETE', `/account/sessions/${laptopId}`, {
			token: phone.token,
		})
		expect(ended.status).toBe(200)
		expect(ended.body.message).toBe('That device was logged out.')
		expect((await sessionsOf(laptop.token)).status).toBe(403)
		expect((await refresh(laptop.cookie)).status).toBe(401)
		const left = (await sessionsOf(phone.token)).body.sessions
		expect(left).toHaveLength(1)
		expect(left[0].current).toBe(true)

		// Ended already, or never this account's: the same 404, and nothing changes.
		const again = await call(api, 'DELETE', `/account/sessions/${laptopId}`, {
			token: phone.token,
		})
		expect(again.status).toBe(404)
		expect(again.body.message).toBe('This device is not signed in to your account')
	})

	test("another account's sign-in cannot be seen or ended", async () => {
		const victim = await newStudent()
		const victimSession = await signIn(victim.email)
		const victimId = (await sessionsOf(victimSession.token)).body.sessions[0].id
		const attacker = await newStudent()
		const attackerSession = await signIn(attacker.email)
		expect(
			(await sessionsOf(attackerSession.token)).body.sessions.map((s: { id: string }) => s.id),
		).not.toContain(victimId)
		const tried = await call(api, 'DELETE', `/account/sessions/${victimId}`, {
			token: attackerSession.token,
		})
		expect(tried.status).toBe(404)
		expect((await sessionsOf(victimSession.token)).status).toBe(200)

		const bogus = await call(api, 'DELETE', '/account/sessions/not-a-session', {
			token: attackerSession.token,
		})
		expect(bogus.status).toBe(400)
		expect((await call(api, 'GET', '/account/sessions')).status).toBe(403)
	})

	test('ending all the others keeps only the one asking; an organization has the same list', async () => {
		const { email } = await newStudent()
		const others = [await signIn(email), await signIn(email)]
		const mine = await signIn(email)
		const ended = await call(api, 'POST', '/account/sessions/end-others', { token: mine.token })
		expect(ended.status).toBe(200)
		expect(ended.body).toMatchObject({ ended: 2, message: '2 other devices were logged out.' })
		for (const other of others) {
			expect((await sessionsOf(other.token)).status).toBe(403)
			expect((await refresh(other.cookie)).status).toBe(401)
		}
		expect((await sessionsOf(mine.token)).body.sessions).toHaveLength(1)
		const none = await call(api, 'POST', '/account/sessions/end-others', { token: mine.token })
		expect(none.body.message).toBe('No other devices were logged out.')

		const organization = await organizationLogin(api, 'organization@example.com')
		const listed = await sessionsOf(organization.token)
		expect(listed.status).toBe(200)
		expect(listed.body.sessions.some((s: { current: boolean }) => s.current)).toBe(true)
	})
})

describe('a sign-in from a new device', () => {
	const newSignInMails = async (email: string) => {
		await afterAnswersDone()
		return api.db
			.selectFrom('mail_outbox')
			.select(['subject', 'text_body'])
			.where('to_address', '=', email)
			.where('kind', '=', 'new_sign_in')
			.orderBy('id', 'asc')
			.execute()
	}

	test('mails the account what signed in, from where, and how to end it; a known device is no news', async () => {
		// The first sign-in (at registration) is no news: every device is new then.
		const { email } = await newStudent()
		expect(await newSignInMails(email)).toHaveLength(0)

		await signIn(email, fromBrowser('203.0.113.50', FIREFOX_LINUX))
		const [mail, ...more] = await newSignInMails(email)
		expect(more).toHaveLength(0)
		expect(mail?.subject).toBe('New sign-in to your TutorHub account')
		expect(mail?.text_body).toContain('Firefox on Linux, at the address 203.0.113.50')
		expect(mail?.text_body).toContain('/studentdashboard/profile')
		expect(mail?.text_body).toContain('end that session on the page above and change your password')
		expect(mail?.text_body).toContain('/forgot-password')

		// The same browser from the same address again: nothing new.
		await signIn(email, fromBrowser('203.0.113.50', FIREFOX_LINUX))
		expect(await newSignInMails(email)).toHaveLength(1)
		// The same browser from another address is another device.
		await signIn(email, fromBrowser('203.0.113.51', FIREFOX_LINUX))
		expect(await newSignInMails(email)).toHaveLength(2)
		// A failed sign-in mails nothing.
		const failed = await call(api, 'POST', '/auth/login', {
			json: { email, password: 'Wrong-Password-99' },
			headers: fromBrowser('203.0.113.52', SAFARI_IPHONE),
		})
		expect(failed.status).toBe(401)
		expect(await newSignInMails(email)).toHaveLength(2)
	})

	test("an organization's new sign-in points at its settings", async () => {
		const email = 'organization@example.com'
		await organizationLogin(api, email)
		const before = (await newSignInMails(email)).length
		const answer = await call(api, 'POST', '/auth/organization-login', {
			json: { email, password: 'DemoPass123!' },
			headers: fromBrowser('203.0.113.60', SAFARI_IPHONE),
		})
		expect(answer.status).toBe(200)
		const mails = await newSignInMails(email)
		expect(mails).toHaveLength(before + 1)
		expect(mails.at(-1)?.text_body).toContain('Safari on iOS')
		expect(mails.at(-1)?.text_body).toContain('/organization/settings')
		expect(mails.at(-1)?.text_body).toContain('/forgot-password?as=organization')
	})
})

test('a user agent reads as the browser and system a person recognises', () => {
	expect(describeDevice(FIREFOX_LINUX)).toBe('Firefox on Linux')
	expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS')
	expect(
		describeDevice(
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
		),
	).toBe('Edge on Windows')
	expect(
		describeDevice(
			'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
		),
	).toBe('Chrome on Android')
	expect(describeDevice('curl/8.5.0')).toBe('Unknown browser')
	expect(describeDevice('')).toBe('Unknown device')
})
