import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSettings } from '../src/settings.ts'
import { recheckProvenDomains } from '../src/sso/domains.ts'
import { startDnsServer, type TestDnsServer } from './dns-server.ts'
import { call, login, startApi, type TestApi } from './helpers.ts'
import { signInAtProvider, startProvider, type TestProvider } from './oidc-provider.ts'
import { newOrganization, proveDomain } from './org-helpers.ts'

// Issue 38, findings 3 and 4: an email domain counts for single sign-on (the login page's lookup,
// the provider's email match, joining by domain) only once its organization proves it holds the
// domain with a DNS TXT record (decision 051). Against a real DNS server (dns2 on loopback) and
// a real OpenID provider (oidc-provider): a newcomer's unproven claim counts nowhere and blocks
// nobody; the organization that proves a domain wins it and the others' claims are released; a
// record that goes releases the domain after three daily re-checks; an account made by joining
// is verified (and sees invitations) only for a proven domain.

const APP_URL = 'http://127.0.0.1:3998'
const PASSWORD = 'Lantern-Harbour-42'
const HOUR = 60 * 60 * 1000

let api: TestApi
let provider: TestProvider
let dns: TestDnsServer
beforeAll(async () => {
	dns = await startDnsServer()
	api = await startApi({ config: { publicUrl: APP_URL, dnsServers: [dns.address] } })
	provider = await startProvider({ appUrl: APP_URL })
})
afterAll(async () => {
	await provider?.close()
	await api?.close()
	await dns?.close()
})

let count = 0
const freshDomain = () => `realschool${Date.now()}${++count}.test`

/** An organization whose single sign-on (through the test provider) claims `domain`. */
async function claimant(domain: string, name: string, settings: Record<string, unknown> = {}) {
	const org = await newOrganization(api, { name })
	const saved = await call(api, 'PUT', '/sso/settings', {
		token: org.token,
		json: {
			providerName: `${name} Login`,
			issuer: provider.issuer,
			clientId: provider.clientId,
			clientSecret: provider.clientSecret,
			domains: domain,
			...settings,
		},
	})
	expect(saved.status).toBe(200)
	return org
}

async function claimsOf(token: string) {
	const answer = await call(api, 'GET', '/sso/settings', { token })
	return answer.body.sso.domainClaims as {
		domain: string
		status: string
		txtRecord: { name: string; value: string }
		checkedAt: string | null
		failedChecks: number
	}[]
}

const verify = (token: string, domain: string) =>
	call(api, 'POST', '/sso/domains/verify', { token, json: { domain } })

const lookup = (email: string) => call(api, 'GET', `/sso/lookup?email=${encodeURIComponent(email)}`)

/** A whole sign-in at the organization's provider as a person with a verified `email` there. */
async function signIn(organizationId: string, email: string) {
	const subject = `sub-${email}`
	provider.accounts.set(subject, { email, email_verified: true, given_name: 'Pat' })
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

const userByEmail = (email: string) =>
	api.db
		.selectFrom('users')
		.select(['id', 'email_verified_at', 'organization_id'])
		.where('email', '=', email)
		.executeTakeFirst()

describe('an unproven claim', () => {
	test('counts neither for the lookup nor for joining by domain, and blocks no real school', async () => {
		const domain = freshDomain()
		// A brand-new organization claims a domain it does not hold, with joining by domain on: its
		// own provider says anything it likes about addresses there.
		const squatter = await claimant(domain, 'Squatter', { joinByDomain: true })
		expect(await claimsOf(squatter.token)).toMatchObject([{ domain, status: 'pending' }])

		const found = await lookup(`pat@${domain}`)
		expect(found.status).toBe(404)
		expect(found.body.message).toBe(
			'No organization signs in with this email address. Log in with your password instead.',
		)
		const joined = await signIn(squatter.id, `pat@${domain}`)
		expect(joined.status).toBe(403)
		expect(joined.body.message).toBe(
			'Squatter Login did not give a verified email address that Squatter signs in with.',
		)
		expect(await userByEmail(`pat@${domain}`)).toBeUndefined()

		// The real school claims the same domain: no 409, and once it proves it, it counts.
		const school = await claimant(domain, 'Real School', { joinByDomain: true })
		expect(await lookup(`pat@${domain}`)).toMatchObject({ status: 404 })
		await proveDomain(api, school.token, domain, dns)
		expect((await lookup(`pat@${domain}`)).body.sso).toMatchObject({
			organizationId: school.id,
			organizationName: 'Real School',
		})
	})

	test('the organization that proves a domain wins it; the others’ claims are released', async () => {
		const domain = freshDomain()
		const first = await claimant(domain, 'First Claimant')
		const second = await claimant(domain, 'Second Claimant')
		const [firstClaim] = await claimsOf(first.token)
		const [secondClaim] = await claimsOf(second.token)
		// Each claim has its own record to publish: one organization's does not prove another's.
		expect(firstClaim!.txtRecord).toEqual({
			name: domain,
			value: expect.stringMatching(/^tutorhub-verification=[0-9a-f]{32}$/),
		})
		expect(secondClaim!.txtRecord.value).not.toBe(firstClaim!.txtRecord.value)

		// Nothing published yet: a plain answer next to the domain, and the claim stays pending.
		const early = await verify(second.token, domain)
		expect(early.status).toBe(400)
		expect(early.body.errors).toEqual([
			{
				path: 'domain',
				msg: `We could not find the TXT record for ${domain} yet. Check that it is published exactly as shown, at ${domain} itself, then try again: DNS changes can take up to an hour to be seen.`,
			},
		])
		expect(await claimsOf(second.token)).toMatchObject([
			{ status: 'pending', checkedAt: expect.any(String) },
		])
		// The other organization's record is not this one's proof.
		dns.setTxt(domain, ['v=spf1 -all', firstClaim!.txtRecord.value])
		expect((await verify(second.token, domain)).status).toBe(400)

		dns.setTxt(domain, ['v=spf1 -all', secondClaim!.txtRecord.value])
		const proven = await verify(second.token, domain)
		expect(proven.status).toBe(200)
		expect(proven.body.message).toBe(
			`${domain} is verified: addresses in it now sign in with your provider`,
		)
		expect(await claimsOf(second.token)).toMatchObject([{ domain, status: 'verified' }])
		// The first organization's claim is released; claiming or verifying it again says why.
		expect(await claimsOf(first.token)).toEqual([])
		const again = await verify(first.token, domain)
		expect(again.status).toBe(409)
		expect(again.body.errors).toEqual([
			{ path: 'domain', msg: `${domain} already signs in with another organization` },
		])
		const reclaimed = await call(api, 'PUT', '/sso/settings', {
			token: first.token,
			json: {
				providerName: 'First Login',
				issuer: provider.issuer,
				clientId: provider.clientId,
				domains: domain,
			},
		})
		expect(reclaimed.status).toBe(409)
		expect(reclaimed.body.errors).toEqual([
			{ path: 'domains', msg: `${domain} already signs in with another organization` },
		])
		expect((await lookup(`pat@${domain}`)).body.sso.organizationId).toBe(second.id)
	})

	test('verifying is the organization’s own call, for its own claims', async () => {
		const domain = freshDomain()
		const school = await claimant(domain, 'Own Claims')
		const bad = await verify(school.token, 'not a domain')
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([
			{ path: 'domain', msg: 'Enter the email domain, e.g. school.edu' },
		])
		const unclaimed = await verify(school.token, freshDomain())
		expect(unclaimed.status).toBe(404)
		expect(unclaimed.body.message).toBe('Add this domain to your single sign-on settings first')
		const student = await login(api, 'student@example.com')
		expect((await verify(student.token, domain)).status).toBe(403)
		expect((await call(api, 'POST', '/sso/domains/verify', { json: { domain } })).status).toBe(403)
	})

	test('a name server that does not answer is said plainly and proves nothing', async () => {
		const domain = freshDomain()
		const school = await claimant(domain, 'No Answer')
		const silent = await startDnsServer()
		await silent.close()
		const offline = await startApi({ config: { dnsServers: [silent.address] } })
		try {
			const org = await newOrganization(offline)
			await call(offline, 'PUT', '/sso/settings', {
				token: org.token,
				json: {
					providerName: 'X',
					issuer: provider.issuer,
					clientId: 'x',
					clientSecret: 'y',
					domains: domain,
				},
			})
			const answer = await call(offline, 'POST', '/sso/domains/verify', {
				token: org.token,
				json: { domain },
			})
			expect(answer.status).toBe(503)
			expect(answer.body.message).toBe(
				`We could not ask DNS about ${domain} right now. Try again in a few minutes.`,
			)
		} finally {
			await offline.close()
		}
		expect(await claimsOf(school.token)).toMatchObject([{ status: 'pending' }])
	}, 60_000)
})

describe('re-checks', () => {
	test('a record that goes releases the domain after three daily misses; another school may then prove it', async () => {
		const domain = freshDomain()
		const holder = await claimant(domain, 'Former Holder')
		await proveDomain(api, holder.token, domain, dns)
		const start = Date.now()
		// Checked within the day: not looked up again.
		expect((await recheckProvenDomains(api, new Date(start + HOUR))).released).toEqual([])

		dns.setTxt(domain, [])
		const day = (n: number) => new Date(start + n * 25 * HOUR)
		expect((await recheckProvenDomains(api, day(1))).released).toEqual([])
		expect(await claimsOf(holder.token)).toMatchObject([{ status: 'verified', failedChecks: 1 }])
		expect((await lookup(`pat@${domain}`)).body.sso.organizationId).toBe(holder.id)
		expect((await recheckProvenDomains(api, day(2))).released).toEqual([])
		const third = await recheckProvenDomains(api, day(3))
		expect(third.released).toContain(domain)
		expect(await claimsOf(holder.token)).toMatchObject([{ status: 'pending', failedChecks: 3 }])
		expect((await lookup(`pat@${domain}`)).status).toBe(404)

		const next = await claimant(domain, 'Next Holder')
		await proveDomain(api, next.token, domain, dns)
		expect((await lookup(`pat@${domain}`)).body.sso.organizationId).toBe(next.id)
		expect(await claimsOf(holder.token)).toEqual([])
	})

	test('a record found again starts the count afresh', async () => {
		const domain = freshDomain()
		const school = await claimant(domain, 'Flaky DNS')
		const value = await proveDomain(api, school.token, domain, dns)
		const start = Date.now()
		dns.setTxt(domain, [])
		await recheckProvenDomains(api, new Date(start + 25 * HOUR))
		await recheckProvenDomains(api, new Date(start + 50 * HOUR))
		dns.setTxt(domain, [value])
		await recheckProvenDomains(api, new Date(start + 75 * HOUR))
		expect(await claimsOf(school.token)).toMatchObject([{ status: 'verified', failedChecks: 0 }])
	})
})

describe('re-checks that prove nothing', () => {
	test('two sweeps at once count a missing record once', async () => {
		const domain = freshDomain()
		const school = await claimant(domain, 'Two Sweeps')
		await proveDomain(api, school.token, domain, dns)
		dns.setTxt(domain, [])
		const later = new Date(Date.now() + 25 * HOUR)
		await Promise.all([recheckProvenDomains(api, later), recheckProvenDomains(api, later)])
		expect(await claimsOf(school.token)).toMatchObject([{ status: 'verified', failedChecks: 1 }])
	})

	test('a name server that does not answer counts no miss', async () => {
		const own = await startApi({ config: { dnsServers: [dns.address] } })
		try {
			const domain = freshDomain()
			const org = await newOrganization(own)
			await call(own, 'PUT', '/sso/settings', {
				token: org.token,
				json: {
					providerName: 'X',
					issuer: provider.issuer,
					clientId: 'x',
					clientSecret: 'y',
					domains: domain,
				},
			})
			await proveDomain(own, org.token, domain, dns)
			const silent = await startDnsServer()
			await silent.close()
			const deaf = { db: own.db, config: { ...own.config, dnsServers: [silent.address] } }
			const later = new Date(Date.now() + 25 * HOUR)
			expect(await recheckProvenDomains(deaf, later)).toEqual({ checked: 1, released: [] })
			const row = await own.db
				.selectFrom('organization_domains')
				.select(['failed_checks', 'checked_at', 'verified_at'])
				.where('domain', '=', domain)
				.executeTakeFirstOrThrow()
			expect(row.failed_checks).toBe(0)
			expect(row.verified_at).not.toBeNull()
			// Not marked checked either: the next sweep tries it again.
			expect(row.checked_at!.getTime()).toBeLessThan(later.getTime() - 20 * HOUR)
		} finally {
			await own.close()
		}
	}, 90_000)
})

describe('joining by domain', () => {
	test('an account made for a proven domain is verified and sees invitations; its owner then resets the password', async () => {
		const domain = freshDomain()
		const email = `kim@${domain}`
		const other = await newOrganization(api, { name: 'Another School' })
		const invited = await call(api, 'POST', `/organizations/${other.id}/students`, {
			token: other.token,
			json: { email },
		})
		expect(invited.status).toBe(201)

		// Unproven: the newcomer's provider cannot make the account, so nobody sees the invitation
		// and the address's owner can still sign up.
		const squatter = await claimant(domain, 'Early Bird', { joinByDomain: true })
		expect((await signIn(squatter.id, email)).status).toBe(403)
		expect(await userByEmail(email)).toBeUndefined()

		const school = await claimant(domain, 'Kim School', { joinByDomain: true })
		await proveDomain(api, school.token, domain, dns)
		const joined = await signIn(school.id, email)
		expect(joined.status).toBe(200)
		expect(joined.body.user).toMatchObject({ email, emailVerified: true })
		expect(await userByEmail(email)).toMatchObject({
			organization_id: school.id,
			email_verified_at: expect.any(Date),
		})
		// The domain's proven owner vouched for the mailbox: it sees what was sent to it.
		const token = joined.body.user.accessToken as string
		const list = await call(api, 'GET', '/users/invitations', { token })
		expect(list.body).toMatchObject({
			invitations: [{ organization: { id: other.id } }],
			waitingForVerification: 0,
		})

		// The mailbox's owner signing up later is told the account exists, and sets its password
		// with "Forgot password?": the mail goes to the mailbox the school vouched for.
		const signUp = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'Kim', lastName: 'Lee', email, password: PASSWORD },
		})
		expect(signUp.status).toBe(409)
		expect(signUp.body.message).toBe('An account with this email already exists')
		await call(api, 'POST', '/account/forgot-password', { json: { email } })
		const resetToken = await resetTokenFor(email)
		const reset = await call(api, 'POST', '/account/reset-password', {
			json: { token: resetToken, password: PASSWORD },
		})
		expect(reset.status).toBe(200)
		expect((await login(api, email, PASSWORD)).user.email).toBe(email)
	})

	test('a later sign-in does not verify an address once its domain is no longer proven', async () => {
		const domain = freshDomain()
		const school = await claimant(domain, 'Lapsed', { joinByDomain: true })
		await proveDomain(api, school.token, domain, dns)
		const email = `lee@${domain}`
		expect((await signIn(school.id, email)).status).toBe(200)
		// The address is unverified again (say, changed), and the domain released.
		await api.db
			.updateTable('users')
			.set({ email_verified_at: null })
			.where('email', '=', email)
			.execute()
		await api.db
			.updateTable('organization_domains')
			.set({ verified_at: null })
			.where('domain', '=', domain)
			.execute()
		const again = await signIn(school.id, email)
		expect(again.status).toBe(200)
		expect(again.body.user.emailVerified).toBe(false)
		expect((await userByEmail(email))?.email_verified_at).toBeNull()
	})
})

test('DNS_SERVERS names the servers that check the records; a wrong one stops the start with its name', async () => {
	const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: join(tmpdir(), 'tutorhub-dns-settings') }
	expect((await readSettings(env)).api.dnsServers).toBeUndefined()
	const servers = await readSettings({ ...env, DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53' })
	expect(servers.api.dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53'])
	await expect(readSettings({ ...env, DNS_SERVERS: 'dns.example.org' })).rejects.toThrow(
		'DNS_SERVERS must be IP addresses with optional ports, e.g. 1.1.1.1,127.0.0.1:5353, got "dns.example.org"',
	)
})

async function resetTokenFor(email: string) {
	const deadline = Date.now() + 10_000
	for (;;) {
		const mail = await api.db
			.selectFrom('mail_outbox')
			.select('text_body')
			.where('to_address', '=', email)
			.where('kind', '=', 'password_reset')
			.executeTakeFirst()
		const token = mail?.text_body.match(/reset-password\?token=([\w-]+)/)?.[1]
		if (token) return token
		if (Date.now() > deadline) throw new Error(`no reset mail to ${email}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}
