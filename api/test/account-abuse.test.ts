import type * as Argon2 from '@node-rs/argon2'
import { describe, expect, test, vi } from 'vitest'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { apiForFile, call, login, registerStudent, uniqueEmail, verifyEmailOf } from './helpers.ts'
import { newOrganization } from './org-helpers.ts'

// Issue 29: the account features tried as an attacker would, over HTTP against a fresh database.
// Mails are read from the outbox they are queued in.

// Every password hashing of this process, counted (the reset endpoint's bogus links must cost none).
const hashing = vi.hoisted(() => ({ calls: 0 }))
vi.mock('@node-rs/argon2', async (importOriginal) => {
	const argon2 = await importOriginal<typeof Argon2>()
	return {
		...argon2,
		hash: (...args: Parameters<typeof argon2.hash>) => {
			hashing.calls++
			return argon2.hash(...args)
		},
	}
})

const PUBLIC_URL = 'http://app.test:3000'
const PASSWORD = 'Lantern-Harbour-42'

const api = apiForFile({
	config: {
		publicUrl: PUBLIC_URL,
		accountLimits: {
			mailsPerRecipient: 3,
			invitationsPerOrganization: 12,
			tokensPerAddress: 1000,
		},
	},
})

/** The mails queued to an address, oldest first, once everything after the answers so far is done. */
async function mailsTo(email: string) {
	await afterAnswersDone()
	return api.db
		.selectFrom('mail_outbox')
		.select(['kind', 'subject', 'text_body', 'html_body'])
		.where('to_address', '=', email)
		.orderBy('created_at', 'asc')
		.orderBy('id', 'asc')
		.execute()
}

/** The token of the newest link to `path` mailed to `email`. */
async function tokenMailed(email: string, path: string) {
	const mails = await mailsTo(email)
	for (const mail of mails.reverse()) {
		const token = mail.text_body.match(new RegExp(`${path}\\?token=([\\w-]+)`))?.[1]
		if (token) return token
	}
	throw new Error(`no ${path} link mailed to ${email}`)
}

const changeEmail = (token: string, email: string) =>
	call(api, 'POST', '/account/email', { token, json: { email, currentPassword: PASSWORD } })

describe('scanner-safe verification', () => {
	test('asking whether a verification link works does not spend it; following it once does', async () => {
		const { email, token } = await registerStudent(api)
		const link = await tokenMailed(email, '/verify-email')
		const check = () => call(api, 'POST', '/account/verify-email/check', { json: { token: link } })
		for (let i = 0; i < 2; i++) {
			const asked = await check()
			expect(asked.status).toBe(200)
			expect(asked.body).toEqual({ valid: true })
		}
		expect((await call(api, 'GET', '/account', { token })).body.account.emailVerified).toBe(false)
		const verified = await call(api, 'POST', '/account/verify-email', { json: { token: link } })
		expect(verified.status).toBe(200)
		expect((await check()).body).toEqual({ valid: false })
		expect(
			(await call(api, 'POST', '/account/verify-email/check', { json: { token: 'unknown' } })).body,
		).toEqual({ valid: false })
	})
})

describe('a change of email is not silent', () => {
	test('the old address is told what changed and how to undo it, and its reset links stop working', async () => {
		const { email, token } = await registerStudent(api)
		await verifyEmailOf(api, email)
		const forgot = await call(api, 'POST', '/account/forgot-password', { json: { email } })
		expect(forgot.status).toBe(200)
		const oldReset = await tokenMailed(email, '/reset-password')

		const newEmail = uniqueEmail('moved')
		expect((await changeEmail(token, newEmail)).status).toBe(200)
		// Until the new address is confirmed, nothing changed and the old address hears nothing.
		expect((await mailsTo(email)).map((mail) => mail.kind)).not.toContain('email_changed')
		const confirmed = await call(api, 'POST', '/account/verify-email', {
			json: { token: await tokenMailed(newEmail, '/verify-email') },
		})
		expect(confirmed.status).toBe(200)

		const notice = (await mailsTo(email)).find((mail) => mail.kind === 'email_changed')
		expect(notice?.subject).toBe('Your TutorHub email address was changed')
		expect(notice?.text_body).toContain(`changed from ${email} to ${newEmail}`)
		expect(notice?.text_body).toContain(`${PUBLIC_URL}/contact-us`)
		expect(notice?.text_body).toContain('If you did not make this change, contact us at once')
		expect(notice?.html_body).toContain(`${PUBLIC_URL}/contact-us`)
		// Nothing of the change goes to the new address beyond its own link.
		expect((await mailsTo(newEmail)).map((mail) => mail.kind)).toEqual(['email_verification'])

		const reset = await call(api, 'POST', '/account/reset-password', {
			json: { token: oldReset, password: 'Quiet-River-Stone-5' },
		})
		expect(reset.status).toBe(400)
		expect(reset.body.message).toBe(
			'This password reset link is invalid, used or expired. Ask for a new one.',
		)
		// The password is as it was.
		await login(api, newEmail, PASSWORD)
	})

	test('the calendar feed address changes with a change of password, and with a reset', async () => {
		const { email, token } = await registerStudent(api)
		const feedAddress = async (session: string) =>
			(await call(api, 'GET', '/calendar/feed', { token: session })).body.feed.token as string
		const feed = (address: string) =>
			fetch(`${api.baseUrl}/calendar/feeds/${address}`).then((answer) => answer.status)

		const first = await feedAddress(token)
		expect(await feed(first)).toBe(200)
		const changed = await call(api, 'POST', '/account/password', {
			token,
			json: { currentPassword: PASSWORD, newPassword: 'Quiet-River-Stone-5' },
		})
		expect(changed.status).toBe(200)
		expect(await feed(first)).toBe(404)
		const second = await feedAddress(token)
		expect(second).not.toBe(first)
		expect(await feed(second)).toBe(200)

		await call(api, 'POST', '/account/forgot-password', { json: { email } })
		const reset = await call(api, 'POST', '/account/reset-password', {
			json: { token: await tokenMailed(email, '/reset-password'), password: PASSWORD },
		})
		expect(reset.status).toBe(200)
		expect(await feed(second)).toBe(404)
		const third = await feedAddress((await login(api, email, PASSWORD)).token)
		expect([first, second]).not.toContain(third)
		expect(await feed(third)).toBe(200)
	})
})

describe('mail flooding', () => {
	test('invite-then-cancel mails a student a few times at most, never with the organization’s words in the subject', async () => {
		const bait = 'Account suspended: verify now at http://evil.example/login to keep your courses'
		const org = await newOrganization(api, { name: bait })
		const student = await registerStudent(api)
		await verifyEmailOf(api, student.email)
		const before = (await mailsTo(student.email)).length
		for (let i = 0; i < 8; i++) {
			const invited = await call(api, 'POST', `/organizations/${org.id}/students`, {
				token: org.token,
				json: { email: student.email },
			})
			expect(invited.status).toBe(201)
			const cancelled = await call(
				api,
				'DELETE',
				`/organizations/${org.id}/invitations/${invited.body.invitation.id}`,
				{ token: org.token },
			)
			expect(cancelled.status).toBe(200)
		}
		const invitations = (await mailsTo(student.email))
			.slice(before)
			.filter((mail) => mail.kind === 'invitations')
		// The sign-up's verification mail took one of the address's three.
		expect(invitations).toHaveLength(2)
		for (const mail of invitations) {
			expect(mail.subject).toBe('An organization invites you to join it on TutorHub')
			expect(mail.text_body).toContain(`The organization “${bait.slice(0, 59)}…” invites you`)
			expect(mail.text_body).not.toContain('keep your courses')
		}
	})

	test('an organization sends a bounded number of invitations', async () => {
		const org = await newOrganization(api)
		for (let i = 0; i < 12; i++) {
			const invited = await call(api, 'POST', `/organizations/${org.id}/students`, {
				token: org.token,
				json: { email: uniqueEmail('invitee') },
			})
			expect(invited.status).toBe(201)
		}
		const refused = await call(api, 'POST', `/organizations/${org.id}/students`, {
			token: org.token,
			json: { email: uniqueEmail('invitee') },
		})
		expect(refused.status).toBe(429)
		expect(refused.body.message).toMatch(/^Too many invitations\. Try again in \d+ minutes?\.$/)
		expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
		const open = await call(api, 'GET', `/organizations/${org.id}/invitations`, {
			token: org.token,
		})
		expect(open.body.invitations).toHaveLength(12)
	})

	test('throwaway accounts asking to move to one outside address mail it a few times at most; a sign-up with it then gets none', async () => {
		const victim = uniqueEmail('outside')
		const accounts = await Promise.all([1, 2, 3, 4].map(() => registerStudent(api)))
		const answers = []
		for (const account of accounts) answers.push(await changeEmail(account.token, victim))
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
		expect(answers[3]?.body.message).toMatch(
			/^Too many mails to this address\. Try again in \d+ minutes?\.$/,
		)
		expect(await mailsTo(victim)).toHaveLength(3)

		// A sign-up with the address is made, but sends it nothing more.
		const signedUp = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'Out', lastName: 'Side', email: victim, password: PASSWORD },
		})
		expect(signedUp.status).toBe(201)
		expect(await mailsTo(victim)).toHaveLength(3)
		// Its Resend is refused in words rather than sent.
		const resend = await call(api, 'POST', '/account/verification', {
			token: (await login(api, victim, PASSWORD)).token,
		})
		expect(resend.status).toBe(429)
		expect(await mailsTo(victim)).toHaveLength(3)
	})
})

describe('low-cost refusals', () => {
	test('a bogus reset link is refused before any password is hashed', async () => {
		const before = hashing.calls
		const answer = await call(api, 'POST', '/account/reset-password', {
			json: { token: 'not-a-token-anyone-was-sent', password: 'Quiet-River-Stone-5' },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{
				path: 'token',
				msg: 'This password reset link is invalid, used or expired. Ask for a new one.',
			},
		])
		expect(hashing.calls).toBe(before)
	})

	test('change-email’s “taken” answer stops once the account’s limit is hit', async () => {
		const { token } = await registerStudent(api)
		const taken = []
		for (let i = 0; i < 4; i++) taken.push((await changeEmail(token, 'teacher@example.com')).status)
		expect(taken).toEqual([409, 409, 409, 429])
		// A free address answers the same from then on.
		expect((await changeEmail(token, uniqueEmail('free'))).status).toBe(429)
	})
})

describe('titles a teacher writes, in notification subjects (decision 037)', () => {
	test('are quoted, on one line and bounded: a course or task title cannot pass for the mail’s words', async () => {
		const { email } = await registerStudent(api)
		const bait = 'Account suspended:    verify now at http://evil.example/'
		const made = await call(api, 'POST', '/__test/enrolled-course', {
			json: {
				tutorEmail: 'teacher@example.com',
				title: `${bait}${'x'.repeat(120)}`,
				studentEmails: [email],
			},
		})
		expect(made.status).toBe(201)
		const { token } = await login(api, 'teacher@example.com')
		const task = new FormData()
		task.set('courseId', made.body.courseId)
		task.set('title', `${bait}${'y'.repeat(120)}`)
		task.set('dueDate', new Date(Date.now() + 2 * 86_400_000).toISOString())
		expect((await call(api, 'POST', '/tasks/create-task', { token, body: task })).status).toBe(201)
		await afterAnswersDone()
		const mail = await api.db
			.selectFrom('mail_outbox')
			.select(['subject', 'text_body'])
			.where('to_address', '=', email)
			.where('kind', '=', 'newTask')
			.executeTakeFirstOrThrow()
		expect(mail.subject).toBe(
			'New task in “Account suspended: verify now at http:/…”: “Account suspended: verify now at http:/…”',
		)
		expect(mail.subject).not.toMatch(/[\r\n]/)
		// The whole title is still in the mail's text, as the teacher wrote it.
		expect(mail.text_body).toContain('y'.repeat(120))
	})
})
