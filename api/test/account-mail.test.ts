import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMailWorker, type MailWorker } from '../src/mail/worker.ts'
import {
	call,
	login,
	organizationLogin,
	refreshCookie,
	registerStudent,
	startApi,
	uniqueEmail,
	type TestApi,
} from './helpers.ts'
import { newOrganization } from './org-helpers.ts'
import { linkIn, startSmtp, type TestSmtp } from './smtp.ts'
import { startMailingApi, type MailingApi } from './mailing-api.ts'

// Password reset, email verification, password and email changes, over HTTP, with every mail
// received by a real SMTP server (decision 023).

const PUBLIC_URL = 'http://app.test:3000'
const PROXY_SECRET = 'account-test-proxy-secret'

let api: TestApi
let smtp: TestSmtp
let worker: MailWorker
let mailing: MailingApi

beforeAll(async () => {
	mailing = await startMailingApi({
		config: {
			publicUrl: PUBLIC_URL,
			proxySecret: PROXY_SECRET,
			accountLimits: { resetPerEmail: 3, resetPerAddress: 8 },
		},
	})
	;({ api, smtp, worker } = mailing)
})
afterAll(async () => {
	await mailing?.close()
})

let nextAddress = 1
/** Each test asks from its own address, as the app vouches for each browser's. */
const freshAddress = () => ({
	'x-tutorhub-client-address': `203.0.113.${nextAddress++}`,
	'x-tutorhub-proxy-secret': PROXY_SECRET,
})

const forgot = (email: string, headers = freshAddress(), accountType?: string) =>
	call(api, 'POST', '/account/forgot-password', { json: { email, accountType }, headers })

async function resetLinkFor(email: string) {
	const before = smtp.mailsTo(email).length
	const answer = await forgot(email)
	expect(answer.status).toBe(200)
	const mail = await smtp.waitForMail(
		(m) =>
			m.to.includes(email) &&
			m.subject === 'Reset your TutorHub password' &&
			smtp.mailsTo(email).indexOf(m) >= before,
	)
	return {
		mail,
		token: linkIn(mail, `${PUBLIC_URL}/reset-password`).searchParams.get('token') ?? '',
	}
}

const reset = (token: string, password: string) =>
	call(api, 'POST', '/account/reset-password', {
		json: { token, password },
		headers: freshAddress(),
	})

describe('forgot password', () => {
	test('the answer is the same for an account and for no account; only the account gets a mail, with both versions and a link at PUBLIC_URL', async () => {
		const { email } = await registerStudent(api)
		const nobody = uniqueEmail('nobody')
		const [known, unknown] = await Promise.all([forgot(email), forgot(nobody)])
		expect(known.status).toBe(200)
		expect(unknown.status).toBe(known.status)
		expect(unknown.body).toEqual(known.body)
		expect(known.body.message).toContain('If an account with this email exists')

		const mail = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject.startsWith('Reset'),
		)
		expect(mail.text).toContain('The link works once, for one hour.')
		const link = linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)
		expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
		expect(mail.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`)
		expect(mail.html).toContain('Choose a new password')
		// Give the worker time to have sent a mail to the unknown address, were there one.
		await worker.wake()
		expect(smtp.mailsTo(nobody)).toEqual([])
	})

	test('bad input is a 400 with field messages', async () => {
		const answer = await call(api, 'POST', '/account/forgot-password', {
			json: { email: 'not-an-email', accountType: 'robot' },
			headers: freshAddress(),
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual(
			expect.arrayContaining([
				{ path: 'email', msg: 'Enter a valid email address' },
				{ path: 'accountType', msg: 'Account type must be user or organization' },
			]),
		)
		const badReset = await call(api, 'POST', '/account/reset-password', {
			json: { token: '', password: 'short' },
			headers: freshAddress(),
		})
		expect(badReset.status).toBe(400)
		expect(badReset.body.errors).toEqual(
			expect.arrayContaining([
				{ path: 'token', msg: 'Token is required' },
				{ path: 'password', msg: 'Password must be at least 8 characters' },
			]),
		)
		const common = await reset('x'.repeat(43), 'password123')
		expect(common.status).toBe(400)
		expect(common.body.errors).toEqual([
			{
				path: 'password',
				msg: 'This password is too common and easy to guess. Choose another one.',
			},
		])
	})

	test('the link sets a new password once: every session ends, the new password logs in, the old one does not', async () => {
		const { email, token: accessToken, answer: loginAnswer } = await registerStudent(api)
		const { token } = await resetLinkFor(email)
		expect(
			(
				await call(api, 'POST', '/account/reset-password/check', {
					json: { token },
					headers: freshAddress(),
				})
			).body,
		).toEqual({ valid: true })

		const done = await reset(token, 'Fresh-Meadow-Lantern-7')
		expect(done.status).toBe(200)
		expect(done.body).toEqual({
			message: 'Your password has been reset. Log in with your new password.',
		})

		// The session opened before the reset is over: its access token and its refresh token.
		expect((await call(api, 'GET', '/account', { token: accessToken })).status).toBe(403)
		const refresh = await call(api, 'POST', '/auth/refresh-token', {
			headers: { cookie: refreshCookie(loginAnswer), 'x-retry': 'true' },
		})
		expect(refresh.status).toBe(401)

		const old = await call(api, 'POST', '/auth/login', {
			json: { email, password: 'Lantern-Harbour-42' },
		})
		expect(old.status).toBe(401)
		await login(api, email, 'Fresh-Meadow-Lantern-7')

		// Used: the same link again is refused, and so is the check.
		const again = await reset(token, 'Another-Meadow-Lantern-8')
		expect(again.status).toBe(400)
		expect(again.body.message).toBe(
			'This password reset link is invalid, used or expired. Ask for a new one.',
		)
		expect(
			(
				await call(api, 'POST', '/account/reset-password/check', {
					json: { token },
					headers: freshAddress(),
				})
			).body,
		).toEqual({ valid: false })
		// And the owner hears that the password changed.
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'Your TutorHub password was changed',
		)
	})

	test('an expired link is refused, and only the newest link works', async () => {
		const { email } = await registerStudent(api)
		const first = await resetLinkFor(email)
		const second = await resetLinkFor(email)
		expect((await reset(first.token, 'Fresh-Meadow-Lantern-7')).status).toBe(400)

		// An hour later (the clock moved on in the database).
		await api.db
			.updateTable('account_tokens')
			.set({ expires_at: new Date(Date.now() - 1000) })
			.where('email', '=', email)
			.execute()
		const expired = await reset(second.token, 'Fresh-Meadow-Lantern-7')
		expect(expired.status).toBe(400)
		expect(expired.body.errors).toEqual([
			{
				path: 'token',
				msg: 'This password reset link is invalid, used or expired. Ask for a new one.',
			},
		])
		await login(api, email, 'Lantern-Harbour-42')
	})

	test('one link used by two requests at the same moment succeeds exactly once', async () => {
		const { email } = await registerStudent(api)
		const { token } = await resetLinkFor(email)
		const answers = await Promise.all([
			reset(token, 'Concurrent-Orchard-Kite-1'),
			reset(token, 'Concurrent-Orchard-Kite-2'),
			reset(token, 'Concurrent-Orchard-Kite-3'),
		])
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400])
		const winner = answers.findIndex((answer) => answer.status === 200) + 1
		await login(api, email, `Concurrent-Orchard-Kite-${winner}`)
	})

	test('only the table holds a hash of the token, never the token', async () => {
		const { email } = await registerStudent(api)
		const { token } = await resetLinkFor(email)
		const rows = await api.db
			.selectFrom('account_tokens')
			.select('token_hash')
			.where('email', '=', email)
			.execute()
		expect(rows.length).toBeGreaterThan(0)
		for (const row of rows) {
			expect(row.token_hash).not.toContain(token)
			expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
		}
	})

	test('an organization resets through its own login', async () => {
		const email = await registerOrganization()
		// The people's form knows no organization of that email: no mail.
		expect((await forgot(email)).status).toBe(200)
		const asked = await forgot(email, freshAddress(), 'organization')
		expect(asked.status).toBe(200)
		const mail = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject.startsWith('Reset'),
		)
		await worker.wake()
		expect(smtp.mailsTo(email).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(1)
		const link = linkIn(mail, `${PUBLIC_URL}/reset-password`)
		expect(link.searchParams.get('as')).toBe('organization')
		expect(
			(await reset(link.searchParams.get('token') ?? '', 'Harbour-Organization-9')).status,
		).toBe(200)
		await organizationLogin(api, email, 'Harbour-Organization-9')
	})

	test('asking too often is limited per email, with the same answer whether or not it has an account', async () => {
		const { email } = await registerStudent(api)
		const nobody = uniqueEmail('nobody')
		for (const address of [email, nobody]) {
			for (let i = 0; i < 3; i++) expect((await forgot(address)).status).toBe(200)
			const limited = await forgot(address)
			expect(limited.status).toBe(429)
			expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
			expect(limited.body.message).toMatch(
				/^Too many password reset requests\. Try again in \d+ minutes?\.$/,
			)
		}
	})

	test('asking too often is limited per address across emails', async () => {
		const headers = freshAddress()
		const answers = []
		for (let i = 0; i < 9; i++) answers.push((await forgot(uniqueEmail('spray'), headers)).status)
		expect(answers.slice(0, 8)).toEqual(Array(8).fill(200))
		expect(answers[8]).toBe(429)
	})
})

async function registerOrganization() {
	const email = uniqueEmail('org')
	const form = new FormData()
	const fields = {
		name: 'Harbour School',
		email,
		password: 'Lantern-Harbour-42',
		type: 'school',
		country: 'US',
	}
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	expect((await call(api, 'POST', '/organizations/register', { body: form })).status).toBe(201)
	return email
}

describe('change password', () => {
	test('needs the current password; other sessions end, this one stays', async () => {
		const { email, token } = await registerStudent(api)
		const other = await login(api, email, 'Lantern-Harbour-42')

		const wrong = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: 'not-my-password', newPassword: 'Quiet-River-Stone-5' },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.body.errors).toEqual([
			{ path: 'currentPassword', msg: 'Your current password is not right' },
		])

		const weak = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: 'Lantern-Harbour-42', newPassword: 'short' },
		})
		expect(weak.status).toBe(400)
		expect(weak.body.errors).toEqual([
			{ path: 'newPassword', msg: 'Password must be at least 8 characters' },
		])

		const changed = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: 'Lantern-Harbour-42', newPassword: 'Quiet-River-Stone-5' },
		})
		expect(changed.status).toBe(200)
		expect((await call(api, 'GET', '/account', { token })).status).toBe(200)
		expect((await call(api, 'GET', '/account', { token: other.token })).status).toBe(403)
		await login(api, email, 'Quiet-River-Stone-5')
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'Your TutorHub password was changed',
		)
	})

	test('wrong current passwords are limited', async () => {
		const { token } = await registerStudent(api)
		for (let i = 0; i < 5; i++) {
			const answer = await call(api, 'POST', '/account/password', {
				token,
				json: { currentPassword: `wrong-${i}`, newPassword: 'Quiet-River-Stone-5' },
			})
			expect(answer.status).toBe(400)
		}
		const limited = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: 'Lantern-Harbour-42', newPassword: 'Quiet-River-Stone-5' },
		})
		expect(limited.status).toBe(429)
		expect(limited.body.message).toMatch(/^Too many wrong passwords\. Try again in/)
	})

	test('an organization changes its password too', async () => {
		const email = await registerOrganization()
		const { token } = await organizationLogin(api, email, 'Lantern-Harbour-42')
		const changed = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: 'Lantern-Harbour-42', newPassword: 'Quiet-River-Stone-5' },
		})
		expect(changed.status).toBe(200)
		await organizationLogin(api, email, 'Quiet-River-Stone-5')
		// Its sign-up sent a verification mail as well.
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'Confirm your TutorHub email address',
		)
	})
})

describe('email verification', () => {
	test('a new account gets a mail; following its link verifies the address once', async () => {
		const { email, token, user } = await registerStudent(api)
		expect(user.emailVerified).toBe(false)
		expect((await call(api, 'GET', '/account', { token })).body.account).toMatchObject({
			email,
			emailVerified: false,
			pendingEmail: null,
		})

		const mail = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'Confirm your TutorHub email address',
		)
		const link = linkIn(mail, `${PUBLIC_URL}/verify-email?token=`)
		const verify = () =>
			call(api, 'POST', '/account/verify-email', {
				json: { token: link.searchParams.get('token') },
				headers: freshAddress(),
			})
		const verified = await verify()
		expect(verified.status).toBe(200)
		expect(verified.body).toEqual({
			message: 'Your email address is verified.',
			email,
			accountType: 'user',
		})
		expect((await call(api, 'GET', '/account', { token })).body.account.emailVerified).toBe(true)
		expect((await login(api, email, 'Lantern-Harbour-42')).user.emailVerified).toBe(true)

		const again = await verify()
		expect(again.status).toBe(400)
		expect(again.body.message).toBe(
			'This verification link is invalid, used or expired. Ask for a new one from your dashboard.',
		)
		// Nothing left to verify.
		const resend = await call(api, 'POST', '/account/verification', { token })
		expect(resend.status).toBe(409)
		expect(resend.body).toEqual({
			message: 'Your email address is already verified',
			code: 'already_verified',
		})
	})

	test('Resend sends a new link and the old one stops working; resends are limited', async () => {
		const { email, token } = await registerStudent(api)
		const first = await smtp.waitForMail((m) => m.to.includes(email))
		const resent = await call(api, 'POST', '/account/verification', { token })
		expect(resent.status).toBe(200)
		expect(resent.body).toEqual({ message: `We sent a new verification link to ${email}.` })
		await smtp.waitForMail((m) => m.to.includes(email) && m !== first)
		const oldToken = linkIn(first, `${PUBLIC_URL}/verify-email`).searchParams.get('token')
		expect(
			(
				await call(api, 'POST', '/account/verify-email', {
					json: { token: oldToken },
					headers: freshAddress(),
				})
			).status,
		).toBe(400)
		expect((await call(api, 'POST', '/account/verification', { token })).status).toBe(200)
		expect((await call(api, 'POST', '/account/verification', { token })).status).toBe(200)
		expect((await call(api, 'POST', '/account/verification', { token })).status).toBe(429)
	})

	test('a new email is verified before it replaces the old one', async () => {
		const { email, token } = await registerStudent(api)
		const newEmail = uniqueEmail('moved')
		const wrongPassword = await call(api, 'POST', '/account/email', {
			token,
			json: { email: newEmail, currentPassword: 'nope-nope' },
		})
		expect(wrongPassword.status).toBe(400)
		const taken = await call(api, 'POST', '/account/email', {
			token,
			json: { email: 'teacher@example.com', currentPassword: 'Lantern-Harbour-42' },
		})
		expect(taken.status).toBe(409)

		const asked = await call(api, 'POST', '/account/email', {
			token,
			json: { email: newEmail, currentPassword: 'Lantern-Harbour-42' },
		})
		expect(asked.status).toBe(200)
		expect((await call(api, 'GET', '/account', { token })).body.account).toMatchObject({
			email,
			pendingEmail: newEmail,
		})
		const mail = await smtp.waitForMail((m) => m.to.includes(newEmail))
		expect(mail.subject).toBe('Confirm your new TutorHub email address')
		// Until the link is followed, the old email logs in.
		await login(api, email, 'Lantern-Harbour-42')
		const verified = await call(api, 'POST', '/account/verify-email', {
			json: { token: linkIn(mail, `${PUBLIC_URL}/verify-email`).searchParams.get('token') },
			headers: freshAddress(),
		})
		expect(verified.status).toBe(200)
		expect((await login(api, newEmail, 'Lantern-Harbour-42')).user).toMatchObject({
			email: newEmail,
			emailVerified: true,
		})
		expect(
			(await call(api, 'POST', '/auth/login', { json: { email, password: 'Lantern-Harbour-42' } }))
				.status,
		).toBe(401)
	})

	test('the seeded demo accounts count as verified', async () => {
		expect((await login(api, 'student@example.com')).user.emailVerified).toBe(true)
		expect((await organizationLogin(api, 'organization@example.com')).user.emailVerified).toBe(true)
	})
})

describe('the queue', () => {
	test('a temporary SMTP refusal is retried until the mail goes; a permanent one fails for good', async () => {
		const { email: first } = await registerStudent(api)
		await smtp.waitForMail((m) => m.to.includes(first))
		smtp.refuseNext(451)
		const { email: second } = await registerStudent(api)
		await smtp.waitForMail((m) => m.to.includes(second))
		await expect
			.poll(
				async () =>
					await api.db
						.selectFrom('mail_outbox')
						.selectAll()
						.where('to_address', '=', second)
						.executeTakeFirst(),
			)
			.toMatchObject({ status: 'sent', attempts: 2, delivered_by: 'smtp' })

		smtp.refuseNext(550)
		const { email: third } = await registerStudent(api)
		await expect
			.poll(
				async () =>
					(await api.db
						.selectFrom('mail_outbox')
						.select(['status', 'attempts', 'last_error'])
						.where('to_address', '=', third)
						.executeTakeFirst()) ?? null,
			)
			.toMatchObject({ status: 'failed', attempts: 1 })
	})

	test('with the mail server down, the action still succeeds and the mail goes once it is back', async () => {
		const down = await startSmtp()
		await down.close()
		const local = await startApi({ seed: false, config: { publicUrl: PUBLIC_URL } })
		const retrying = startMailWorker({
			db: local.db,
			smtpUrl: down.url,
			from: 'x@tutorhub.test',
			pollMs: 100,
			baseDelayMs: 50,
			maxDelayMs: 200,
			log: () => {},
		})
		try {
			const started = Date.now()
			const answer = await call(local, 'POST', '/auth/register-student', {
				json: {
					firstName: 'Off',
					lastName: 'Line',
					email: 'offline@example.com',
					password: 'Lantern-Harbour-42',
				},
			})
			expect(answer.status).toBe(201)
			expect(Date.now() - started).toBeLessThan(5000)
			await expect
				.poll(
					async () =>
						(await local.db.selectFrom('mail_outbox').select('attempts').executeTakeFirst())
							?.attempts ?? 0,
				)
				.toBeGreaterThanOrEqual(2)
			const pending = await local.db
				.selectFrom('mail_outbox')
				.select(['status', 'last_error'])
				.executeTakeFirstOrThrow()
			expect(pending.status).toBe('pending')
			expect(pending.last_error).toBeTruthy()
		} finally {
			await retrying.stop()
		}
		// The server is back: the next worker sends what waited.
		const back = await startSmtp()
		const sender = startMailWorker({
			db: local.db,
			smtpUrl: back.url,
			from: 'x@tutorhub.test',
			pollMs: 100,
			log: () => {},
		})
		try {
			await local.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).execute()
			await sender.wake()
			const mail = await back.waitForMail((m) => m.to.includes('offline@example.com'))
			expect(mail.subject).toBe('Confirm your TutorHub email address')
		} finally {
			await sender.stop()
			await back.close()
			await local.close()
		}
	})

	test('without SMTP_URL the mail is kept in the outbox: a console line with its link, and the dev outbox page', async () => {
		const local = await startApi({
			seed: false,
			config: { publicUrl: PUBLIC_URL, devOutbox: true },
		})
		const lines: string[] = []
		const kept = startMailWorker({
			db: local.db,
			from: 'x@tutorhub.test',
			outboxUrl: 'http://127.0.0.1/outbox',
			logLinks: true,
			pollMs: 100,
			log: (line) => lines.push(line),
		})
		try {
			expect(
				(
					await call(local, 'POST', '/auth/register-student', {
						json: {
							firstName: 'Dev',
							lastName: 'Eloper',
							email: 'dev@example.com',
							password: 'Lantern-Harbour-42',
						},
					})
				).status,
			).toBe(201)
			await expect
				.poll(() => lines.join('\n'))
				.toContain(
					`Mail to dev@example.com: "Confirm your TutorHub email address" ${PUBLIC_URL}/verify-email?token=`,
				)
			const page = await call(local, 'GET', '/dev/outbox')
			expect(page.status).toBe(200)
			expect(page.headers.get('content-type')).toContain('text/html')
			expect(page.body).toContain('Confirm your TutorHub email address')
			expect(page.body).toContain(`<a href="${PUBLIC_URL}/verify-email?token=`)
			const row = await local.db
				.selectFrom('mail_outbox')
				.select(['id', 'status', 'delivered_by'])
				.executeTakeFirstOrThrow()
			expect(row).toMatchObject({ status: 'sent', delivered_by: 'outbox' })
			const html = await call(local, 'GET', `/dev/outbox/${row.id}`)
			expect(html.body).toContain('Confirm my email address')
		} finally {
			await kept.stop()
			await local.close()
		}
		// With SMTP (or in production) there is no such page.
		expect((await call(api, 'GET', '/dev/outbox')).status).toBe(404)
	})

	test('sent mails leave the outbox after the kept days; pending, failed and never-sent ones stay', async () => {
		const local = await startApi({ seed: false })
		const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)
		const row = (
			subject: string,
			status: 'pending' | 'sent' | 'failed',
			sentDaysAgo?: number,
			deliveredBy = status === 'sent' ? 'smtp' : null,
		) => ({
			kind: 'test',
			delivered_by: deliveredBy,
			to_address: 'kept@example.com',
			subject,
			text_body: 'text',
			html_body: '<p>text</p>',
			status,
			sent_at: sentDaysAgo === undefined ? null : daysAgo(sentDaysAgo),
			created_at: daysAgo(sentDaysAgo ?? 40),
			// Not due, so the worker leaves the pending one alone.
			next_attempt_at: daysAgo(-1),
		})
		await local.db
			.insertInto('mail_outbox')
			.values([
				row('sent long ago', 'sent', 31),
				row('sent lately', 'sent', 29),
				// MAIL_DISABLED=1: kept in the outbox, never sent, so never pruned (issue 42).
				row('kept unsent long ago', 'sent', 31, 'outbox'),
				row('failed long ago', 'failed'),
				row('still pending', 'pending'),
			])
			.execute()
		const pruner = startMailWorker({
			db: local.db,
			from: 'x@tutorhub.test',
			keepSentDays: 30,
			log: () => {},
		})
		try {
			// The worker prunes once at start; asking again finds nothing more.
			await expect
				.poll(async () =>
					(
						await local.db.selectFrom('mail_outbox').select('subject').orderBy('subject').execute()
					).map((mail) => mail.subject),
				)
				.toEqual(['failed long ago', 'kept unsent long ago', 'sent lately', 'still pending'])
			expect(await pruner.prune()).toBe(0)
		} finally {
			await pruner.stop()
			await local.close()
		}
	})
})

describe('notifications', () => {
	test('a notification mail unsubscribes its own kind for its own account in one click, without a session', async () => {
		const first = await registerStudent(api)
		const second = await registerStudent(api)
		const org = await newOrganization(api, { name: `Click School ${Date.now()}` })
		for (const { email } of [first, second])
			expect(
				(
					await call(api, 'POST', `/organizations/${org.id}/students`, {
						token: org.token,
						json: { email },
					})
				).status,
			).toBe(201)
		const mail = await smtp.waitForMail(
			(m) => m.to.includes(first.email) && m.subject.includes('invites you to join'),
		)
		expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
		const link = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '')
		expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/unsubscribe`)
		expect(mail.text).toContain(link.href)
		const token = link.searchParams.get('token') ?? ''
		const unsubscribe = (json: unknown) => call(api, 'POST', '/account/unsubscribe', { json })
		const invitationsOn = async (session: { token: string }) =>
			(await call(api, 'GET', '/account', { token: session.token })).body.account.notifications
				.invitations

		// The signature covers the account and the kind: neither can be swapped.
		const [userId, , signed] = token.split('.')
		const refused = [
			`${userId}.newTask.${signed}`,
			`${second.user.id}.invitations.${signed}`,
			`${token}x`,
			'not-a-token',
		]
		for (const forged of refused) {
			const answer = await unsubscribe({ token: forged })
			expect(answer.status, forged).toBe(400)
			expect(answer.body.message).toBe('This unsubscribe link is not valid.')
		}
		expect((await unsubscribe({})).status).toBe(400)
		expect(await invitationsOn(first)).toBe(true)

		const done = await unsubscribe({ token })
		expect(done.status).toBe(200)
		expect(done.body.message).toBe(
			"You will no longer get mails about organizations' invitations. You can turn them on again in your profile.",
		)
		// Again (a second click, or the mail client and the person both): the same answer.
		expect((await unsubscribe({ token })).status).toBe(200)
		const notifications = (await call(api, 'GET', '/account', { token: first.token })).body.account
			.notifications
		expect(notifications).toMatchObject({ invitations: false, newTask: true, sessions: true })
		expect(await invitationsOn(second)).toBe(true)
	})

	test('an organization’s invitation reaches a student with an account, once; an email with none gets nothing', async () => {
		const { email, token: studentToken } = await registerStudent(api)
		const name = `Harbour School ${Date.now()}`
		const org = await newOrganization(api, { name })
		const invite = (to: string) =>
			call(api, 'POST', `/organizations/${org.id}/students`, {
				token: org.token,
				json: { email: to },
			})
		expect((await invite(email)).status).toBe(201)
		// Asked again while open: the same invitation, no second mail.
		expect((await invite(email)).status).toBe(200)
		const nobody = `nobody-${Date.now()}@example.com`
		expect((await invite(nobody)).status).toBe(201)
		const mail = await smtp.waitForMail(
			(m) =>
				m.to.includes(email) && m.subject === 'An organization invites you to join it on TutorHub',
		)
		expect(mail.text).toContain(`The organization “${name}” invites you`)
		expect(mail.text).toContain('You join only if you accept')
		expect(linkIn(mail, `${PUBLIC_URL}/studentdashboard`).pathname).toBe('/studentdashboard')
		await worker.wake()
		expect(
			smtp.mailsTo(email).filter((m) => m.subject.includes('invites you to join')),
		).toHaveLength(1)
		expect(smtp.mailsTo(nobody)).toEqual([])
		// Turned off, the next organization's invitation sends nothing.
		const off = await call(api, 'PUT', '/account/notifications', {
			token: studentToken,
			json: { invitations: false },
		})
		expect(off.status).toBe(200)
		const other = await newOrganization(api, { name: `Quiet School ${Date.now()}` })
		expect(
			(
				await call(api, 'POST', `/organizations/${other.id}/students`, {
					token: other.token,
					json: { email },
				})
			).status,
		).toBe(201)
		await worker.wake()
		expect(smtp.mailsTo(email).filter((m) => m.text.includes('Quiet School'))).toEqual([])
	})

	test('each kind reaches the course’s students through the queue; a kind turned off sends nothing', async () => {
		const { email, token: studentToken, user } = await registerStudent(api)
		const { token: teacher } = await login(api, 'teacher@example.com')
		const title = `Optics ${Date.now()}`
		const made = await call(api, 'POST', '/__test/enrolled-course', {
			json: { tutorEmail: 'teacher@example.com', title, studentEmails: [email] },
		})
		expect(made.status).toBe(201)
		const courseId = made.body.courseId as string

		const settings = await call(api, 'GET', '/account', { token: studentToken })
		expect(settings.body.account.notifications).toEqual({
			submissionGraded: true,
			newTask: true,
			sessions: true,
			announcements: true,
			certificates: true,
			invitations: true,
			sessionReminders: true,
			taskReminders: true,
			gradingReminders: true,
		})
		const bad = await call(api, 'PUT', '/account/notifications', {
			token: studentToken,
			json: { newTask: 'no' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'newTask', msg: 'Must be true or false' }])
		const off = await call(api, 'PUT', '/account/notifications', {
			token: studentToken,
			json: { newTask: false },
		})
		expect(off.status).toBe(200)
		expect(off.body.notifications).toMatchObject({ newTask: false, submissionGraded: true })
		const { token: organization } = await organizationLogin(api, 'organization@example.com')
		expect(
			(
				await call(api, 'PUT', '/account/notifications', {
					token: organization,
					json: { newTask: false },
				})
			).status,
		).toBe(403)

		const task = new FormData()
		task.set('courseId', courseId)
		task.set('title', 'Lens diagram')
		task.set('dueDate', new Date(Date.now() + 2 * 86_400_000).toISOString())
		const created = await call(api, 'POST', '/tasks/create-task', { token: teacher, body: task })
		expect(created.status).toBe(201)
		const taskId = created.body.task.id as string

		const session = new URLSearchParams({
			courseId,
			title: 'Mirrors',
			scheduledDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
			startTime: '16:30',
			duration: '60',
			timeZone: 'Europe/Paris',
		})
		const scheduled = await call(api, 'POST', '/schedule/create', { token: teacher, body: session })
		expect(scheduled.status).toBe(201)
		const scheduleId = scheduled.body.id as string
		expect(
			(
				await call(api, 'PUT', `/schedules/${scheduleId}`, {
					token: teacher,
					json: { startTime: '17:00' },
				})
			).status,
		).toBe(200)
		expect(
			(await call(api, 'POST', `/schedule/${scheduleId}/cancel`, { token: teacher })).status,
		).toBe(200)
		// Cancelling again changes nothing and tells nobody again.
		expect(
			(await call(api, 'POST', `/schedule/${scheduleId}/cancel`, { token: teacher })).status,
		).toBe(200)

		const announced = await call(api, 'POST', '/announcements', {
			token: teacher,
			json: { courseId, title: 'Bring a ruler', body: 'We draw <rays> on Monday.' },
		})
		expect(announced.status).toBe(201)

		const work = new FormData()
		work.set('file', new Blob(['f = 10 cm'], { type: 'text/plain' }), 'lens.txt')
		const submitted = await call(api, 'POST', `/tasks/${taskId}/submit`, {
			token: studentToken,
			body: work,
		})
		expect(submitted.status).toBe(201)
		const submissionId = submitted.body.submission?.id ?? submitted.body.data?.id
		expect(submissionId).toEqual(expect.any(String))
		const graded = await call(api, 'PATCH', `/tasks/${submissionId}/grade`, {
			token: teacher,
			json: { grade: 88, feedback: 'Sharp work' },
		})
		expect(graded.status).toBe(200)

		const issued = await call(api, 'POST', '/certificates', {
			token: teacher,
			json: { courseId, studentId: user.id },
		})
		expect(issued.status).toBe(201)

		const gradedMail = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'Your work on “Lens diagram” is graded',
		)
		expect(gradedMail.text).toContain(
			`Your submission for "Lens diagram" in ${title} has been graded: 88 out of 100.`,
		)
		expect(gradedMail.text).toContain("Your teacher's feedback: Sharp work")
		expect(
			linkIn(gradedMail, `${PUBLIC_URL}/studentdashboard/task-details`).searchParams.get('taskId'),
		).toBe(taskId)
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === `New session in “${title}”: “Mirrors”`,
		)
		const changed = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === `Session changed in “${title}”: “Mirrors”`,
		)
		expect(changed.text).toContain('at 17:00 (Europe/Paris), 60 minutes')
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === `Session cancelled in “${title}”: “Mirrors”`,
		)
		const news = await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === 'New announcement: “Bring a ruler”',
		)
		expect(news.text).toContain('We draw <rays> on Monday.')
		expect(news.html).toContain('We draw &lt;rays&gt; on Monday.')
		await smtp.waitForMail(
			(m) => m.to.includes(email) && m.subject === `Your certificate for “${title}”`,
		)
		await worker.wake()
		const subjects = smtp.mailsTo(email).map((m) => m.subject)
		expect(subjects.filter((subject) => subject.startsWith('New task'))).toEqual([])
		expect(subjects.filter((subject) => subject.startsWith('Session cancelled'))).toHaveLength(1)
	})
})
