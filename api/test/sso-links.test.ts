import * as oidc from 'openid-client'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { afterAnswersDone } from '../src/platform/after-answer.ts'
import { call, login, registerStudent, verifyEmailOf, type TestApi } from './helpers.ts'
import { signInAtProvider, startProvider, type TestProvider } from './oidc-provider.ts'
import { startDnsServer, type TestDnsServer } from './dns-server.ts'
import { newMember, newOrganization, proveDomain } from './org-helpers.ts'
import type { TestSmtp } from './smtp.ts'
import { startMailingApi, type MailingApi } from './mailing-api.ts'

// Issue 38 (decision 052): a school sign-in is linked to a person's own account only by their
// informed consent (the organization and provider named, the password and code given), over HTTP
// against a real OpenID provider and a real SMTP server: the planted-link attack refused end to
// end, the consent, its mail, the list and its removal, and the changes that end a link (a new
// email, leaving the organization), and an invited member whose email changed (finding 5).

const APP_URL = 'http://127.0.0.1:3998'
const PASSWORD = 'Lantern-Harbour-42'

let api: TestApi
let provider: TestProvider
let smtp: TestSmtp
let mailing: MailingApi
let dns: TestDnsServer
beforeAll(async () => {
	dns = await startDnsServer()
	mailing = await startMailingApi({ config: { publicUrl: APP_URL, dnsServers: [dns.address] } })
	;({ api, smtp } = mailing)
	provider = await startProvider({ appUrl: APP_URL })
})
afterAll(async () => {
	await provider?.close()
	await mailing?.close()
	await dns?.close()
})

let schools = 0
/** An organization with single sign-on through the test provider, as the SSO tests set it up. */
async function schoolWithSso(settings: Record<string, unknown> = {}) {
	const domain = `links${Date.now()}${++schools}.test`
	const name = `Harbour Academy ${schools}`
	const org = await newOrganization(api, { name })
	const saved = await call(api, 'PUT', '/sso/settings', {
		token: org.token,
		json: {
			providerName: 'Harbour Login',
			issuer: provider.issuer,
			clientId: provider.clientId,
			clientSecret: provider.clientSecret,
			domains: domain,
			...settings,
		},
	})
	expect(saved.status).toBe(200)
	await proveDomain(api, org.token, domain, dns)
	return { ...org, domain, name }
}

/** A person at the provider (the organization's own: it may say any email it likes). */
function providerAccount(email: string, subject = `sub-${email}`) {
	provider.accounts.set(subject, { email, email_verified: true, given_name: 'Sky' })
	return subject
}

/** A whole school sign-in as `subject`, as the app makes it: the callback's answer. */
async function signIn(organizationId: string, subject: string) {
	const checks = {
		state: oidc.randomState(),
		nonce: oidc.randomNonce(),
		codeVerifier: oidc.randomPKCECodeVerifier(),
	}
	const started = await call(api, 'POST', '/sso/authorize', {
		json: {
			organizationId,
			state: checks.state,
			nonce: checks.nonce,
			codeChallenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
		},
	})
	expect(started.status).toBe(200)
	const back = await signInAtProvider(started.body.url, subject)
	return call(api, 'POST', '/sso/callback', {
		json: { organizationId, query: back.search, ...checks },
	})
}

const linksOf = async (userId: string) =>
	api.db.selectFrom('sso_identities').select('subject').where('user_id', '=', userId).execute()

const organizationOf = async (userId: string) =>
	(
		await api.db
			.selectFrom('users')
			.select('organization_id')
			.where('id', '=', userId)
			.executeTakeFirstOrThrow()
	).organization_id

/** A person's own account (a sign-up) with an address in `domain`. */
async function ownAccount(domain: string, name: string) {
	const email = `${name}${Date.now()}@${domain}`
	const registered = await call(api, 'POST', '/auth/register-student', {
		json: { firstName: 'Robin', lastName: 'Owner', email, password: PASSWORD },
	})
	expect(registered.status).toBe(201)
	const session = await login(api, email, PASSWORD)
	return { email, id: session.user.id as string, token: session.token }
}

/** An own account that joined the school by accepting its invitation. */
async function invitedMember(school: { id: string; token: string; domain: string }, name: string) {
	const own = await ownAccount(school.domain, name)
	await verifyEmailOf(api, own.email)
	const invited = await call(api, 'POST', `/organizations/${school.id}/students`, {
		token: school.token,
		json: { email: own.email },
	})
	expect(invited.status).toBe(201)
	const { body } = await call(api, 'GET', '/users/invitations', { token: own.token })
	const accepted = await call(api, 'POST', `/users/invitations/${body.invitations[0].id}/accept`, {
		token: own.token,
	})
	expect(accepted.status).toBe(200)
	return own
}

/** The school's sign-in as the member, consented to with their password: the link made. */
async function linked(school: { id: string }, member: { email: string }) {
	const subject = providerAccount(member.email)
	const needed = await signIn(school.id, subject)
	expect(needed.body.linkRequired).toBe(true)
	const consent = await call(api, 'POST', '/sso/link', {
		json: { linkToken: needed.body.linkToken, password: PASSWORD },
	})
	expect(consent.status).toBe(200)
	return { subject, token: consent.body.user.accessToken as string }
}

test('the planted link: a password login after the organization’s sign-in links nothing, and its provider cannot sign in as the victim', async () => {
	// The victim's own account, at an address whose domain an organization then claims.
	const domain = `victim${Date.now()}.test`
	const victim = await ownAccount(domain, 'victim')
	const attacker = await newOrganization(api, { name: 'Claimed Domain Org' })
	expect(
		(
			await call(api, 'PUT', '/sso/settings', {
				token: attacker.token,
				json: {
					providerName: 'Evil Login',
					issuer: provider.issuer,
					clientId: provider.clientId,
					clientSecret: provider.clientSecret,
					domains: domain,
					joinByDomain: true,
				},
			})
		).status,
	).toBe(200)
	// The organization really holds the domain (decision 051): its proof is no consent of the victim's.
	await proveDomain(api, attacker.token, domain, dns)

	// The victim follows /login/sso/<org>/start; the organization's provider vouches for their
	// address under a subject of its choosing.
	const subject = providerAccount(victim.email, 'attacker-controlled-subject')
	const planted = await signIn(attacker.id, subject)
	expect(planted.status).toBe(200)
	expect(planted.body).toMatchObject({
		linkRequired: true,
		email: victim.email,
		organizationName: 'Claimed Domain Org',
		providerName: 'Evil Login',
		join: true,
	})
	expect(planted.body.user).toBeUndefined()

	// The victim's ordinary password login, then what the login page did next (the waiting link
	// posted with the victim's session): refused, the password was not given for it.
	const session = await login(api, victim.email, PASSWORD)
	const sideEffect = await call(api, 'POST', '/sso/link', {
		token: session.token,
		json: { linkToken: planted.body.linkToken },
	})
	expect(sideEffect.status).toBe(400)
	expect(sideEffect.body.errors).toEqual([{ path: 'password', msg: 'Enter your password' }])
	expect(await linksOf(victim.id)).toEqual([])
	expect(await organizationOf(victim.id)).toBeNull()

	// The organization's provider, again: still only a request for consent, never a session.
	const takeover = await signIn(attacker.id, subject)
	expect(takeover.status).toBe(200)
	expect(takeover.body.linkRequired).toBe(true)
	expect(takeover.body.user).toBeUndefined()
	// The note alone, or with a wrong password, links nothing either.
	const guessed = await call(api, 'POST', '/sso/link', {
		json: { linkToken: takeover.body.linkToken, password: 'not-the-password' },
	})
	expect(guessed.status).toBe(400)
	expect(guessed.body.errors).toEqual([{ path: 'password', msg: 'That password is not right.' }])
	expect(await linksOf(victim.id)).toEqual([])
	expect(await organizationOf(victim.id)).toBeNull()
})

describe('consent', () => {
	test('the owner links with the password: a session, the organization joined, and a mail naming it', async () => {
		const school = await schoolWithSso({ joinByDomain: true })
		const own = await ownAccount(school.domain, 'consent')
		const subject = providerAccount(own.email)
		const needed = await signIn(school.id, subject)
		expect(needed.body).toMatchObject({
			linkRequired: true,
			organizationName: school.name,
			providerName: 'Harbour Login',
			join: true,
			message: `${school.name} wants to link its Harbour Login sign-in to your TutorHub account. Only you can allow it, with your password.`,
		})
		const consent = await call(api, 'POST', '/sso/link', {
			json: { linkToken: needed.body.linkToken, password: PASSWORD },
		})
		expect(consent.status).toBe(200)
		expect(consent.body.message).toBe(
			`${school.name}'s Harbour Login sign-in is linked to your account`,
		)
		expect(consent.body.user).toMatchObject({ id: own.id, organization_id: school.id })
		expect(consent.body.user.accessToken).toBeTruthy()
		expect(await linksOf(own.id)).toEqual([{ subject }])

		const mail = await smtp.waitForMail(
			(m) => m.to.includes(own.email) && m.subject.includes('sign-in was linked'),
		)
		expect(mail.subject).toBe(`${school.name}'s sign-in was linked to your TutorHub account`)
		expect(mail.text).toContain(
			`${school.name}'s Harbour Login sign-in was just linked to your TutorHub account: Harbour Login can now sign you in without your password. You also joined ${school.name}, which now sees you as a member.`,
		)
		expect(mail.text).toContain(`${APP_URL}/studentdashboard/profile`)

		// From now on the provider signs the owner in.
		const later = await signIn(school.id, subject)
		expect(later.body.user?.id).toBe(own.id)
	})

	test('with two-factor on, the code is needed too', async () => {
		const school = await schoolWithSso()
		const own = await invitedMember(school, 'twofactor')
		const setup = await call(api, 'POST', '/account/two-factor/setup', {
			token: own.token,
			json: { currentPassword: PASSWORD },
		})
		const secret = setup.body.secret as string
		const code = () => generate({ secret, epoch: Math.floor(Date.now() / 1000) })
		expect(
			(
				await call(api, 'POST', '/account/two-factor/enable', {
					token: own.token,
					json: { code: await code(), currentPassword: PASSWORD },
				})
			).status,
		).toBe(200)
		// The next code: the one that turned it on is spent.
		const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
		const needed = await signIn(school.id, providerAccount(own.email))
		expect(needed.body.join).toBe(false)
		const linkToken = needed.body.linkToken as string

		const noCode = await call(api, 'POST', '/sso/link', { json: { linkToken, password: PASSWORD } })
		expect(noCode.status).toBe(400)
		expect(noCode.body.errors).toEqual([
			{
				path: 'code',
				msg: 'Your account has two-factor sign-in on: enter the code from your authenticator app.',
			},
		])
		const wrongCode = await call(api, 'POST', '/sso/link', {
			json: { linkToken, password: PASSWORD, code: '000000' },
		})
		expect(wrongCode.status).toBe(400)
		expect(wrongCode.body.errors[0].path).toBe('code')
		expect(await linksOf(own.id)).toEqual([])
		const withCode = await call(api, 'POST', '/sso/link', {
			json: { linkToken, password: PASSWORD, code: nextCode },
		})
		expect(withCode.status).toBe(200)
		expect(await linksOf(own.id)).toHaveLength(1)
	})

	test('wrong passwords are throttled like a login’s', async () => {
		const school = await schoolWithSso({ joinByDomain: true })
		const own = await ownAccount(school.domain, 'throttle')
		const needed = await signIn(school.id, providerAccount(own.email))
		const statuses: number[] = []
		for (let attempt = 0; attempt < 12; attempt++) {
			const answer = await call(api, 'POST', '/sso/link', {
				json: { linkToken: needed.body.linkToken, password: `wrong-${attempt}` },
			})
			statuses.push(answer.status)
		}
		expect(statuses).toContain(429)
		// Throttled, even the right password waits.
		const right = await call(api, 'POST', '/sso/link', {
			json: { linkToken: needed.body.linkToken, password: PASSWORD },
		})
		expect(right.status).toBe(429)
		expect(await linksOf(own.id)).toEqual([])
	})
})

describe('the list of linked sign-ins', () => {
	test('lists each link by organization and provider; removing one ends it', async () => {
		const school = await schoolWithSso()
		const member = await invitedMember(school, 'list')
		const { subject, token } = await linked(school, member)
		const listed = await call(api, 'GET', '/sso/links', { token })
		expect(listed.status).toBe(200)
		expect(listed.body.links).toEqual([
			{
				organizationId: school.id,
				organizationName: school.name,
				providerName: 'Harbour Login',
				linkedAt: expect.any(String),
			},
		])
		// Someone else cannot remove it, nor learn that it exists.
		const stranger = await registerStudent(api)
		expect((await call(api, 'GET', '/sso/links', { token: stranger.token })).body.links).toEqual([])
		const othersRemoval = await call(api, 'DELETE', `/sso/links/${school.id}`, {
			token: stranger.token,
		})
		expect(othersRemoval.status).toBe(404)
		expect(await linksOf(member.id)).toHaveLength(1)

		const removed = await call(api, 'DELETE', `/sso/links/${school.id}`, { token })
		expect(removed.status).toBe(200)
		expect((await call(api, 'GET', '/sso/links', { token })).body.links).toEqual([])
		expect((await call(api, 'DELETE', `/sso/links/${school.id}`, { token })).status).toBe(404)
		expect((await call(api, 'DELETE', '/sso/links/not-an-id', { token })).status).toBe(404)
		// The provider asks for consent again; the membership stays.
		const again = await signIn(school.id, subject)
		expect(again.body.linkRequired).toBe(true)
		expect(await organizationOf(member.id)).toBe(school.id)
	})

	test('a change of the account’s email ends its links', async () => {
		const school = await schoolWithSso()
		const member = await invitedMember(school, 'moves')
		const { subject } = await linked(school, member)
		const newEmail = `moved${Date.now()}@${school.domain}`
		const asked = await call(api, 'POST', '/account/email', {
			token: member.token,
			json: { email: newEmail, currentPassword: PASSWORD },
		})
		expect(asked.status).toBe(200)
		expect(await linksOf(member.id)).toHaveLength(1)
		await verifyEmailOf(api, newEmail)
		expect(await linksOf(member.id)).toEqual([])
		expect((await signIn(school.id, subject)).body.user).toBeUndefined()
	})

	test('leaving the organization, or being removed from it, ends the link', async () => {
		const school = await schoolWithSso()
		const leaver = await invitedMember(school, 'leaver')
		const left = await linked(school, leaver)
		expect(
			(await call(api, 'POST', '/users/organization/leave', { token: leaver.token })).status,
		).toBe(200)
		expect(await linksOf(leaver.id)).toEqual([])
		expect((await signIn(school.id, left.subject)).status).toBe(403)

		const removedMember = await invitedMember(school, 'removed')
		const removedLink = await linked(school, removedMember)
		expect(
			(
				await call(api, 'DELETE', `/organizations/${school.id}/students/${removedMember.id}`, {
					token: school.token,
				})
			).status,
		).toBe(200)
		expect(await linksOf(removedMember.id)).toEqual([])
		expect((await signIn(school.id, removedLink.subject)).body.user).toBeUndefined()
	})
})

test('an invited member whose email changed is not signed in by the provider without consent', async () => {
	const school = await schoolWithSso()
	const member = await invitedMember(school, 'invited')
	const newEmail = `renamed${Date.now()}@${school.domain}`
	expect(
		(
			await call(api, 'POST', '/account/email', {
				token: member.token,
				json: { email: newEmail, currentPassword: PASSWORD },
			})
		).status,
	).toBe(200)
	await verifyEmailOf(api, newEmail)
	const answer = await signIn(school.id, providerAccount(newEmail))
	expect(answer.status).toBe(200)
	expect(answer.body.user).toBeUndefined()
	expect(answer.body).toMatchObject({ linkRequired: true, email: newEmail, join: false })
	expect(await linksOf(member.id)).toEqual([])

	// A member the organization registered itself (its own account) is still linked at once.
	const madeEmail = `made${Date.now()}@${school.domain}`
	const registered = await newMember(api, school.token, 'student', { email: madeEmail })
	const direct = await signIn(school.id, providerAccount(madeEmail))
	expect(direct.body.user?.id).toBe(registered.id)
	await afterAnswersDone()
})
