import { generate } from 'otplib'
import { describe, expect, test } from 'vitest'
import { openSecret, sealPlainSecrets } from '../src/auth/totp-secrets.ts'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { apiForFile, call, registerStudent } from './helpers.ts'

// Issue 29: two-factor sign-in (TOTP, RFC 6238) over HTTP on a fresh database: enrolment from the
// set-up's secret, login with a code and with a recovery code, a code used twice refused, turning
// it off with the password and a code, and a mail for each change.

const PASSWORD = 'Lantern-Harbour-42'
const WRONG_CODE =
	'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.'

const api = apiForFile()

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
	generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

const loginWith = (email: string) =>
	call(api, 'POST', '/auth/login', { json: { email, password: PASSWORD } })
const secondStep = (challenge: string, code: string) =>
	call(api, 'POST', '/auth/two-factor', { json: { challenge, code } })

async function mailKinds(email: string) {
	await afterAnswersDone()
	const rows = await api.db
		.selectFrom('mail_outbox')
		.select(['kind', 'subject', 'text_body'])
		.where('to_address', '=', email)
		.orderBy('id', 'asc')
		.execute()
	return rows
}

/** A student with two-factor on: its secret and recovery codes. */
async function enrolled() {
	const student = await registerStudent(api)
	const setup = await call(api, 'POST', '/account/two-factor/setup', {
		token: student.token,
		json: { currentPassword: PASSWORD },
	})
	expect(setup.status).toBe(200)
	const secret = setup.body.secret as string
	expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/TutorHub:.+\?.*secret=/)
	const enabled = await call(api, 'POST', '/account/two-factor/enable', {
		token: student.token,
		json: { code: await codeOf(secret), currentPassword: PASSWORD },
	})
	expect(enabled.status).toBe(200)
	return { ...student, secret, recoveryCodes: enabled.body.recoveryCodes as string[] }
}

describe('enrolment', () => {
	test('the set-up secret is confirmed by a code; ten recovery codes come once; a mail tells of it', async () => {
		const { token, email } = await registerStudent(api)
		const before = await call(api, 'GET', '/account', { token })
		expect(before.body.account.twoFactor).toEqual({
			enabled: false,
			setup: null,
			recoveryReadyAt: null,
		})
		const setup = await call(api, 'POST', '/account/two-factor/setup', {
			token,
			json: { currentPassword: PASSWORD },
		})
		const { secret } = setup.body
		// Until a code confirms it, the set-up waits and login asks for no code.
		const pending = await call(api, 'GET', '/account', { token })
		expect(pending.body.account.twoFactor.enabled).toBe(false)
		expect(pending.body.account.twoFactor.setup.secret).toBe(secret)
		expect((await loginWith(email)).body.user?.accessToken).toBeTruthy()

		const wrong = await call(api, 'POST', '/account/two-factor/enable', {
			token,
			json: { code: '000000', currentPassword: PASSWORD },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.body.errors).toEqual([{ path: 'code', msg: WRONG_CODE }])
		const enabled = await call(api, 'POST', '/account/two-factor/enable', {
			token,
			json: { code: await codeOf(secret), currentPassword: PASSWORD },
		})
		expect(enabled.status).toBe(200)
		expect(enabled.body.recoveryCodes).toHaveLength(10)
		expect(new Set(enabled.body.recoveryCodes).size).toBe(10)
		// Stored hashed: no code appears in the table.
		const stored = await api.db.selectFrom('recovery_codes').select('code_hash').execute()
		for (const code of enabled.body.recoveryCodes) {
			expect(stored.map((row) => row.code_hash)).not.toContain(code)
		}
		const after = await call(api, 'GET', '/account', { token })
		expect(after.body.account.twoFactor).toEqual({
			enabled: true,
			setup: null,
			recoveryReadyAt: null,
		})
		const again = await call(api, 'POST', '/account/two-factor/setup', {
			token,
			json: { currentPassword: PASSWORD },
		})
		expect(again.status).toBe(409)

		const mail = (await mailKinds(email)).find((row) => row.kind === 'two_factor_on')
		expect(mail?.subject).toBe('Two-factor sign-in was turned on for your TutorHub account')
		expect(mail?.text_body).toContain('/forgot-password')
	})
})

describe('sign-in', () => {
	test('the password alone opens no session; the code does, once', async () => {
		const { email, secret } = await enrolled()
		const first = await loginWith(email)
		expect(first.status).toBe(200)
		expect(first.body).toMatchObject({ twoFactorRequired: true })
		expect(first.body.user).toBeUndefined()
		expect(first.headers.getSetCookie().join()).not.toContain('refreshToken=')

		const wrong = await secondStep(first.body.challenge, '123456')
		expect(wrong.status).toBe(401)
		expect(wrong.body.message).toBe(WRONG_CODE)
		const bogus = await secondStep('not-a-challenge', await codeOf(secret, 1))
		expect(bogus.status).toBe(401)
		expect(bogus.body.message).toBe('Your sign-in took too long. Log in again.')

		const code = await codeOf(secret, 1)
		const signedIn = await secondStep(first.body.challenge, code)
		expect(signedIn.status).toBe(200)
		expect(signedIn.body.user.accessToken).toBeTruthy()
		expect(signedIn.body.user.email).toBe(email)
		// The same code again (a replay, or a shoulder-surfer) is refused.
		const replay = await secondStep((await loginWith(email)).body.challenge, code)
		expect(replay.status).toBe(401)
		// So is an older one.
		const older = await secondStep((await loginWith(email)).body.challenge, await codeOf(secret))
		expect(older.status).toBe(401)
	})

	test('a recovery code works once, and its use is mailed', async () => {
		const { email, recoveryCodes } = await enrolled()
		const [code] = recoveryCodes as [string]
		const signedIn = await secondStep((await loginWith(email)).body.challenge, code.toUpperCase())
		expect(signedIn.status).toBe(200)
		const again = await secondStep((await loginWith(email)).body.challenge, code)
		expect(again.status).toBe(401)
		const mail = (await mailKinds(email)).find((row) => row.kind === 'recovery_code_used')
		expect(mail?.subject).toBe('A recovery code was used to log in to your TutorHub account')
		expect(mail?.text_body).toContain('9 are left')
	})

	test('wrong codes are throttled like passwords', async () => {
		const { email } = await enrolled()
		const { challenge } = (await loginWith(email)).body
		const statuses = []
		for (let i = 0; i < 7; i++) statuses.push((await secondStep(challenge, '000000')).status)
		expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
		expect(statuses.at(-1)).toBe(429)
	})
})

describe('turning it off', () => {
	test('needs the password and a code; then login asks for the password only, and a mail tells', async () => {
		const { email, token, secret } = await enrolled()
		const noCode = await call(api, 'POST', '/account/two-factor/disable', {
			token,
			json: { currentPassword: PASSWORD, code: '000000' },
		})
		expect(noCode.status).toBe(400)
		const wrongPassword = await call(api, 'POST', '/account/two-factor/disable', {
			token,
			json: { currentPassword: 'Not-The-Password-1', code: await codeOf(secret, 1) },
		})
		expect(wrongPassword.status).toBe(400)
		expect((await call(api, 'GET', '/account', { token })).body.account.twoFactor.enabled).toBe(
			true,
		)
		const off = await call(api, 'POST', '/account/two-factor/disable', {
			token,
			json: { currentPassword: PASSWORD, code: await codeOf(secret, 1) },
		})
		expect(off.status).toBe(200)
		expect((await loginWith(email)).body.user.accessToken).toBeTruthy()
		const mail = (await mailKinds(email)).find((row) => row.kind === 'two_factor_off')
		expect(mail?.subject).toBe('Two-factor sign-in was turned off for your TutorHub account')
	})
})

describe('the secret at rest (decision 037)', () => {
	const storedSecret = async (email: string) => {
		const row = await api.db
			.selectFrom('two_factor')
			.innerJoin('users', 'users.id', 'two_factor.account_id')
			.select(['two_factor.secret', 'two_factor.account_id'])
			.where('users.email', '=', email)
			.executeTakeFirstOrThrow()
		return row
	}

	test('is sealed: the table holds no secret an authenticator app could use', async () => {
		const { email, secret } = await enrolled()
		const stored = await storedSecret(email)
		expect(stored.secret).toMatch(/^v1\./)
		expect(stored.secret).not.toContain(secret)
		// The key comes from JWT_SECRET: with another, the row opens to nothing.
		expect(
			openSecret('another-secret-that-is-long-enough-for-hs256', ref(stored), stored.secret),
		).toBeNull()
		expect(openSecret(api.config.jwtSecret, ref(stored), stored.secret)).toBe(secret)
	})

	test('a plain secret of before still works, and is sealed at the next start', async () => {
		const { email, secret } = await enrolled()
		const { account_id } = await storedSecret(email)
		await api.db
			.updateTable('two_factor')
			.set({ secret, last_time_step: null })
			.where('account_id', '=', account_id)
			.execute()
		const first = await loginWith(email)
		expect((await secondStep(first.body.challenge, await codeOf(secret))).status).toBe(200)

		expect(await sealPlainSecrets(api.db, api.config.jwtSecret)).toBeGreaterThanOrEqual(1)
		expect((await storedSecret(email)).secret).toMatch(/^v1\./)
		expect(await sealPlainSecrets(api.db, api.config.jwtSecret)).toBe(0)
		const again = await loginWith(email)
		expect((await secondStep(again.body.challenge, await codeOf(secret, 1))).status).toBe(200)
	})

	test('a sealed secret copied to another account opens nothing there', async () => {
		const victim = await enrolled()
		const attacker = await enrolled()
		const sealed = (await storedSecret(attacker.email)).secret
		const { account_id } = await storedSecret(victim.email)
		await api.db
			.updateTable('two_factor')
			.set({ secret: sealed, last_time_step: null })
			.where('account_id', '=', account_id)
			.execute()
		const first = await loginWith(victim.email)
		const answer = await secondStep(first.body.challenge, await codeOf(attacker.secret, 1))
		expect(answer.status).toBe(401)
		expect(answer.body.message).toBe(WRONG_CODE)
	})
})

const ref = (row: { account_id: string }) => ({
	accountType: 'user' as const,
	accountId: row.account_id,
})
