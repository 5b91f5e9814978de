import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { call, refreshCookie, registerStudent, type TestApi } from './helpers.ts'
import { linkIn, type TestSmtp } from './smtp.ts'
import { startMailingApi, type MailingApi } from './mailing-api.ts'

// Issue 38: two-factor sign-in that protects its owner (decision 053), over HTTP with every mail
// received by a real SMTP server. Wrong codes are limited per account whatever the address; a
// change of two-factor needs the password; an owner locked out by someone else's set-up has a
// mailed, delayed way back.

const PASSWORD = 'Lantern-Harbour-42'
const PUBLIC_URL = 'http://app.test:3000'
const PROXY_SECRET = 'two-factor-owner-proxy-secret'
const WRONG_CODE =
	'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'

let api: TestApi
let smtp: TestSmtp
let mailing: MailingApi

beforeAll(async () => {
	mailing = await startMailingApi({ config: { publicUrl: PUBLIC_URL, proxySecret: PROXY_SECRET } })
	;({ api, smtp } = mailing)
}, 120_000)
afterAll(async () => {
	await mailing?.close()
})

let nextAddress = 1
/** Each call from its own address, as the app vouches for each browser's. */
const from = (address = `198.51.100.${nextAddress++}`) => ({
	'x-tutorhub-client-address': address,
	'x-tutorhub-proxy-secret': PROXY_SECRET,
})

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
	generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

const loginWith = (email: string, password = PASSWORD, headers = from()) =>
	call(api, 'POST', '/auth/login', { json: { email, password }, headers })
const secondStep = (challenge: string, code: string, headers = from()) =>
	call(api, 'POST', '/auth/two-factor', { json: { challenge, code }, headers })

/** Two-factor turned on by whoever holds `token` (the owner, or a thief with their session). */
async function turnOn(token: string) {
	const setup = await call(api, 'POST', '/account/two-factor/setup', {
		token,
		json: { currentPassword: PASSWORD },
	})
	expect(setup.status).toBe(200)
	const secret = setup.body.secret as string
	const enabled = await call(api, 'POST', '/account/two-factor/enable', {
		token,
		json: { code: await codeOf(secret), currentPassword: PASSWORD },
	})
	expect(enabled.status).toBe(200)
	return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] }
}

describe('wrong codes, per account', () => {
	test('40 addresses with wrong codes lock the account’s code step; the right code waits too; the owner is mailed once', async () => {
		const student = await registerStudent(api)
		const { secret } = await turnOn(student.token)
		const { challenge } = (await loginWith(student.email)).body
		const statuses: number[] = []
		// Five wrong codes from each of 40 addresses: none of them reaches its own address's limit.
		for (let address = 0; address < 40; address++) {
			const headers = from(`203.0.113.${address + 1}`)
			for (let guess = 0; guess < 5; guess++) {
				statuses.push((await secondStep(challenge, String(100000 + guess), headers)).status)
			}
		}
		expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
		expect(statuses.slice(10).every((status) => status === 429)).toBe(true)

		// The right code, from an address that never tried, is refused while the lock lasts.
		const right = await secondStep(challenge, await codeOf(secret))
		expect(right.status).toBe(429)
		expect(right.body.message).toMatch(
			/^Too many wrong codes were entered for this account\. Try again in \d+ (second|minute)s?\.$/,
		)
		expect(right.body.errors).toEqual([{ path: 'code', msg: right.body.message }])
		expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)

		const warning = await smtp.waitForMail(
			(mail) =>
				mail.to.includes(student.email) &&
				mail.subject === 'Wrong two-factor codes were entered for your TutorHub account',
		)
		expect(warning.text).toContain('Someone entered the right password for your TutorHub account')
		// Once, not once per wrong code.
		await new Promise((resolve) => setTimeout(resolve, 600))
		expect(
			smtp.mailsTo(student.email).filter((mail) => mail.subject === warning.subject),
		).toHaveLength(1)
	})

	test('a wrong code now and then never locks the owner out: the right code clears the count', async () => {
		const student = await registerStudent(api)
		const { recoveryCodes } = await turnOn(student.token)
		for (let round = 0; round < 3; round++) {
			const { challenge } = (await loginWith(student.email)).body
			for (let guess = 0; guess < 4; guess++) {
				expect((await secondStep(challenge, '000000', from())).status).toBe(401)
			}
			// 12 wrong codes in all, but never 10 without a right one between.
			const signedIn = await secondStep(challenge, recoveryCodes[round] as string)
			expect(signedIn.status).toBe(200)
		}
	})
})

describe('changing two-factor needs the password', () => {
	test('a session alone cannot set it up or turn it on; a wrong password changes nothing', async () => {
		const { token } = await registerStudent(api)
		const bare = await call(api, 'POST', '/account/two-factor/setup', { token })
		expect(bare.status).toBe(400)
		const noPassword = await call(api, 'POST', '/account/two-factor/setup', { token, json: {} })
		expect(noPassword.status).toBe(400)
		expect(noPassword.body.errors).toEqual([
			{ path: 'currentPassword', msg: 'Password is required' },
		])
		const wrong = await call(api, 'POST', '/account/two-factor/setup', {
			token,
			json: { currentPassword: 'Not-The-Password-1' },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.body.errors).toEqual([
			{ path: 'currentPassword', msg: 'Your current password is not right' },
		])
		expect((await call(api, 'GET', '/account', { token })).body.account.twoFactor).toEqual({
			enabled: false,
			setup: null,
			recoveryReadyAt: null,
		})

		// Set up by the owner, it still cannot be turned on by the session alone.
		const setup = await call(api, 'POST', '/account/two-factor/setup', {
			token,
			json: { currentPassword: PASSWORD },
		})
		const code = await codeOf(setup.body.secret)
		const enableBare = await call(api, 'POST', '/account/two-factor/enable', {
			token,
			json: { code },
		})
		expect(enableBare.status).toBe(400)
		expect(enableBare.body.errors).toEqual([
			{ path: 'currentPassword', msg: 'Password is required' },
		])
		const enableWrong = await call(api, 'POST', '/account/two-factor/enable', {
			token,
			json: { code, currentPassword: 'Not-The-Password-1' },
		})
		expect(enableWrong.status).toBe(400)
		expect((await call(api, 'GET', '/account', { token })).body.account.twoFactor.enabled).toBe(
			false,
		)
		const enabled = await call(api, 'POST', '/account/two-factor/enable', {
			token,
			json: { code, currentPassword: PASSWORD },
		})
		expect(enabled.status).toBe(200)
	})
})

describe('the way back for an owner locked out by someone else’s set-up', () => {
	const NEW_PASSWORD = 'Quiet-Orchard-Lamp-77'

	/** The newest mail to `email` with `subject`, received after `before` mails to it. */
	const mailAfter = (email: string, subject: string, before: number) =>
		smtp.waitForMail(
			(mail) =>
				mail.to.includes(email) &&
				mail.subject === subject &&
				smtp.mailsTo(email).indexOf(mail) >= before,
		)

	async function resetPassword(email: string) {
		const before = smtp.mailsTo(email).length
		expect(
			(await call(api, 'POST', '/account/forgot-password', { json: { email }, headers: from() }))
				.status,
		).toBe(200)
		const mail = await mailAfter(email, 'Reset your TutorHub password', before)
		const token = linkIn(mail, `${PUBLIC_URL}/reset-password`).searchParams.get('token')
		const reset = await call(api, 'POST', '/account/reset-password', {
			json: { token, password: NEW_PASSWORD },
			headers: from(),
		})
		expect(reset.status).toBe(200)
	}

	/** The owner, locked out: asks for the way back from the code step and follows the mailed link. */
	async function startWayBack(email: string) {
		const login = await loginWith(email, NEW_PASSWORD)
		expect(login.body.twoFactorRequired).toBe(true)
		const before = smtp.mailsTo(email).length
		const asked = await call(api, 'POST', '/auth/two-factor/recovery', {
			json: { challenge: login.body.challenge },
			headers: from(),
		})
		expect(asked.status).toBe(200)
		expect(asked.body.message).toBe(
			'We sent a link to your email address. Follow it within an hour: two-factor sign-in then turns off three days later, and you log in with your password alone.',
		)
		const mail = await mailAfter(
			email,
			'Turn off two-factor sign-in for your TutorHub account',
			before,
		)
		const token = linkIn(mail, `${PUBLIC_URL}/two-factor-recovery`).searchParams.get('token')
		const started = await call(api, 'POST', '/account/two-factor/recovery/start', {
			json: { token },
			headers: from(),
		})
		expect(started.status).toBe(200)
		return { token, started }
	}

	test('a thief turns two-factor on; the owner resets the password, asks, waits three days, and logs in with the password alone', async () => {
		const owner = await registerStudent(api)
		// The thief has the password and a session of their own.
		const thief = await loginWith(owner.email)
		const thiefToken = thief.body.user.accessToken as string
		await turnOn(thiefToken)
		const onMail = await smtp.waitForMail(
			(mail) =>
				mail.to.includes(owner.email) &&
				mail.subject === 'Two-factor sign-in was turned on for your TutorHub account',
		)
		// The mail's way back is the real one.
		expect(onMail.text).toContain('reset it with the link above')
		expect(onMail.text).toContain('choose "I can\'t use my codes"')

		// The owner resets the password: every session ends, the thief's too.
		await resetPassword(owner.email)
		expect((await call(api, 'GET', '/account', { token: thiefToken })).status).toBe(403)
		expect((await call(api, 'GET', '/account', { token: owner.token })).status).toBe(403)
		const thiefRefresh = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: refreshCookie(thief) },
		})
		expect(thiefRefresh.status).toBe(401)
		// The old password opens nothing now.
		expect((await loginWith(owner.email)).status).toBe(401)

		const { token, started } = await startWayBack(owner.email)
		const readyAt = new Date(started.body.readyAt).getTime()
		const threeDays = 3 * 24 * 60 * 60 * 1000
		expect(Math.abs(readyAt - Date.now() - threeDays)).toBeLessThan(60_000)
		await mailAfter(
			owner.email,
			'Two-factor sign-in for your TutorHub account turns off in three days',
			0,
		)
		// The link works once.
		const again = await call(api, 'POST', '/account/two-factor/recovery/start', {
			json: { token },
			headers: from(),
		})
		expect(again.status).toBe(400)

		// Meanwhile the login still asks for a code, and says when the request takes effect.
		const waiting = await loginWith(owner.email, NEW_PASSWORD)
		expect(waiting.body.twoFactorRequired).toBe(true)
		expect(waiting.body.recoveryReadyAt).toBe(started.body.readyAt)

		// Three days later (the test hook moves the request's time), the password is enough.
		const elapsed = await call(api, 'POST', '/__test/two-factor-recovery/elapse', {
			json: { email: owner.email },
		})
		expect(elapsed.body).toEqual({ elapsed: 1 })
		const before = smtp.mailsTo(owner.email).length
		const signedIn = await loginWith(owner.email, NEW_PASSWORD)
		expect(signedIn.status).toBe(200)
		expect(signedIn.body.user.accessToken).toBeTruthy()
		const account = await call(api, 'GET', '/account', { token: signedIn.body.user.accessToken })
		expect(account.body.account.twoFactor).toEqual({
			enabled: false,
			setup: null,
			recoveryReadyAt: null,
		})
		await mailAfter(
			owner.email,
			'Two-factor sign-in was turned off for your TutorHub account',
			before,
		)
	})

	test('asking for the link is limited per account, not per address', async () => {
		const owner = await registerStudent(api)
		await turnOn(owner.token)
		const { challenge } = (await loginWith(owner.email)).body
		const ask = () =>
			call(api, 'POST', '/auth/two-factor/recovery', { json: { challenge }, headers: from() })
		for (let time = 0; time < 3; time++) expect((await ask()).status).toBe(200)
		const refused = await ask()
		expect(refused.status).toBe(429)
		expect(refused.body.message).toMatch(/^Too many links asked for\. Try again in \d+ minutes?\.$/)
		// Forged or expired challenges ask for nothing.
		const forged = await call(api, 'POST', '/auth/two-factor/recovery', {
			json: { challenge: 'not-a-challenge' },
		})
		expect(forged.status).toBe(401)
	})

	test('the owner with a code cancels the request; until then it is shown', async () => {
		const owner = await registerStudent(api)
		const { secret, recoveryCodes } = await turnOn(owner.token)
		await resetPassword(owner.email)
		const { started } = await startWayBack(owner.email)

		const login = await loginWith(owner.email, NEW_PASSWORD)
		const session = await secondStep(login.body.challenge, await codeOf(secret, 1))
		expect(session.status).toBe(200)
		const token = session.body.user.accessToken as string
		const shown = await call(api, 'GET', '/account', { token })
		expect(shown.body.account.twoFactor.recoveryReadyAt).toBe(started.body.readyAt)

		const wrongCode = await call(api, 'POST', '/account/two-factor/recovery/cancel', {
			token,
			json: { currentPassword: NEW_PASSWORD, code: '000000' },
		})
		expect(wrongCode.status).toBe(400)
		expect(wrongCode.body.errors).toEqual([{ path: 'code', msg: WRONG_CODE }])
		// A code used to log in is spent; a recovery code is another code the owner has.
		const cancelled = await call(api, 'POST', '/account/two-factor/recovery/cancel', {
			token,
			json: { currentPassword: NEW_PASSWORD, code: recoveryCodes[0] },
		})
		expect(cancelled.status).toBe(200)
		expect(cancelled.body.message).toBe('Cancelled: two-factor sign-in stays on.')
		expect(
			(await call(api, 'GET', '/account', { token })).body.account.twoFactor.recoveryReadyAt,
		).toBeNull()
		// Nothing is left to wait out: the login asks for a code, and says of no request.
		await call(api, 'POST', '/__test/two-factor-recovery/elapse', {
			json: { email: owner.email },
		})
		const after = await loginWith(owner.email, NEW_PASSWORD)
		expect(after.body.twoFactorRequired).toBe(true)
		expect(after.body.recoveryReadyAt).toBeUndefined()
	})
})

describe('the way back’s answer in the reader’s language (decision 072)', () => {
	/** A student with two-factor on asks for the way back; the mailed link's token. */
	async function recoveryToken() {
		const student = await registerStudent(api, { password: PASSWORD })
		await turnOn(student.token)
		const login = await loginWith(student.email)
		expect(login.body.twoFactorRequired).toBe(true)
		const before = smtp.mailsTo(student.email).length
		const asked = await call(api, 'POST', '/auth/two-factor/recovery', {
			json: { challenge: login.body.challenge },
			headers: from(),
		})
		expect(asked.status).toBe(200)
		const mail = await smtp.waitForMail(
			(each) =>
				each.to.includes(student.email) &&
				each.subject === 'Turn off two-factor sign-in for your TutorHub account' &&
				smtp.mailsTo(student.email).indexOf(each) >= before,
		)
		return linkIn(mail, `${PUBLIC_URL}/two-factor-recovery`).searchParams.get('token')
	}
	const start = async (language?: string) =>
		call(api, 'POST', '/account/two-factor/recovery/start', {
			json: { token: await recoveryToken() },
			headers: { ...from(), ...(language && { 'Accept-Language': language }) },
		})

	test('“turns off on {date}”: the date in Spanish and Arabic words, English as before', async () => {
		const spanish = await start('es')
		expect(spanish.status).toBe(200)
		const readyAt = new Date(spanish.body.readyAt)
		const inSpanish = new Intl.DateTimeFormat('es', {
			dateStyle: 'full',
			timeStyle: 'long',
			timeZone: 'UTC',
		}).format(readyAt)
		expect(spanish.body.message).toBe(
			`El inicio de sesión en dos pasos se desactivará el ${inSpanish}. A partir de entonces, iniciarás sesión solo con tu contraseña. Te lo hemos confirmado por correo.`,
		)

		const arabic = await start('ar')
		expect(arabic.body.message).toMatch(/^سيتوقف تسجيل الدخول بخطوتين في .+\. ومن ذلك الحين/)
		expect(arabic.body.message).toContain(
			new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(
				new Date(arabic.body.readyAt),
			),
		)

		const english = await start()
		expect(english.body.message).toBe(
			`Two-factor sign-in turns off on ${new Date(english.body.readyAt).toUTCString()}. From then, you log in with your password alone. We have mailed you so.`,
		)
	}, 60_000)
})
