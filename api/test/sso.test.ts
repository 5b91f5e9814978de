import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDnsServer, type TestDnsServer } from './dns-server.ts'
import { call, login, registerStudent, startApi, verifyEmailOf, type TestApi } from './helpers.ts'
import { signInAtProvider, startProvider, type TestProvider } from './oidc-provider.ts'
import { newMember, newOrganization, proveDomain } from './org-helpers.ts'
import { freePort } from './ports.ts'
import { createServer as createTcpServer } from 'node:net'

// Issue 31: single sign-on with an organization's own identity provider, over HTTP against a real
// OpenID provider (oidc-provider) on loopback: settings, the roster's first and later sign-ins, a
// refusal off the roster, joining by domain, linking an account of its owner's own only after its
// password, and every check that must refuse: a wrong state, a replayed code, an ID token expired
// or for another audience, and a provider that is down.

const APP_URL = 'http://127.0.0.1:3999'
const PASSWORD = 'Lantern-Harbour-42'

let api: TestApi
let provider: TestProvider
// Each school proves its domain with a TXT record on this real DNS server (decision 051).
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

let schools = 0
/** An organization with single sign-on through the test provider, for its own proven email domain. */
async function schoolWithSso(settings: Record<string, unknown> = {}) {
	const domain = `school${Date.now()}${++schools}.test`
	const org = await newOrganization(api, { name: `School ${schools}` })
	const saved = await call(api, 'PUT', '/sso/settings', {
		token: org.token,
		json: {
			providerName: 'School Login',
			issuer: provider.issuer,
			clientId: provider.clientId,
			clientSecret: provider.clientSecret,
			domains: domain,
			...settings,
		},
	})
	expect(saved.status).toBe(200)
	await proveDomain(api, org.token, domain, dns)
	return { ...org, domain }
}

/** A student the organization registered itself, with an address in its domain. */
async function rosteredStudent(school: { token: string; domain: string }, name: string) {
	const email = `${name}@${school.domain}`
	const { id } = await newMember(api, school.token, 'student', { email })
	return { id, email }
}

/** A person at the provider: their subject, with a verified email. */
function providerAccount(email: string) {
	const subject = `sub-${email}`
	provider.accounts.set(subject, {
		email,
		email_verified: true,
		given_name: 'Sky',
		family_name: 'Walker',
	})
	return subject
}

const isLinked = async (subject: string) =>
	(await api.db
		.selectFrom('sso_identities')
		.select('subject')
		.where('subject', '=', subject)
		.executeTakeFirst()) !== undefined

/** The app's part: fresh checks from openid-client, the API's authorization URL, the provider. */
async function startSignIn(organizationId: string) {
	const checks = {
		state: oidc.randomState(),
		nonce: oidc.randomNonce(),
		codeVerifier: oidc.randomPKCECodeVerifier(),
	}
	const answer = await call(api, 'POST', '/sso/authorize', {
		json: {
			organizationId,
			state: checks.state,
			nonce: checks.nonce,
			codeChallenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
		},
	})
	return { answer, checks }
}

const finish = (
	organizationId: string,
	back: URL,
	checks: { state: string; nonce: string; codeVerifier: string },
) => call(api, 'POST', '/sso/callback', { json: { organizationId, query: back.search, ...checks } })

/** A whole sign-in as `subject`: the callback's answer. */
async function signIn(organizationId: string, subject: string) {
	const { answer, checks } = await startSignIn(organizationId)
	expect(answer.status).toBe(200)
	const back = await signInAtProvider(answer.body.url, subject)
	expect(back.origin + back.pathname).toBe(`${APP_URL}/login/sso/callback`)
	return finish(organizationId, back, checks)
}

describe('settings', () => {
	test('an organization saves its provider; the secret is stored sealed and never shown back', async () => {
		const org = await newOrganization(api)
		const empty = await call(api, 'GET', '/sso/settings', { token: org.token })
		expect(empty.body).toEqual({ sso: null })

		const noSecret = await call(api, 'PUT', '/sso/settings', {
			token: org.token,
			json: { providerName: 'X', issuer: provider.issuer, clientId: 'x', domains: 'a.test' },
		})
		expect(noSecret.status).toBe(400)
		expect(noSecret.body.errors).toEqual([
			{ path: 'clientSecret', msg: 'Enter the client secret your identity provider gave you' },
		])
		const settings = {
			providerName: 'X',
			issuer: 'http://idp.example.org',
			clientId: 'x',
			clientSecret: 's',
			domains: 'a.test',
		}
		const plainHttp = await call(api, 'PUT', '/sso/settings', { token: org.token, json: settings })
		expect(plainHttp.status).toBe(400)
		expect(plainHttp.body.errors).toEqual([
			{ path: 'issuer', msg: 'The issuer URL must start with https://' },
		])
		const badDomain = await call(api, 'PUT', '/sso/settings', {
			token: org.token,
			json: {
				...settings,
				issuer: 'https://idp.example.org',
				domains: 'school.test, not a domain',
			},
		})
		expect(badDomain.status).toBe(400)
		expect(badDomain.body.errors).toEqual([
			{ path: 'domains', msg: '"not" is not an email domain' },
		])
		expect(await call(api, 'GET', '/sso/settings', { token: org.token })).toMatchObject({
			body: { sso: null },
		})

		const school = await schoolWithSso({ joinByDomain: true })
		const shown = await call(api, 'GET', '/sso/settings', { token: school.token })
		expect(shown.body.sso).toEqual({
			providerName: 'School Login',
			issuer: provider.issuer,
			clientId: provider.clientId,
			hasClientSecret: true,
			domains: [school.domain],
			domainClaims: [
				{
					domain: school.domain,
					status: 'verified',
					txtRecord: {
						name: school.domain,
						value: expect.stringMatching(/^tutorhub-verification=[0-9a-f]{32}$/),
					},
					verifiedAt: expect.any(String),
					checkedAt: expect.any(String),
					failedChecks: 0,
					releasedAfter: 3,
				},
			],
			joinByDomain: true,
			loginPath: `/login/sso/${school.id}`,
		})
		expect(JSON.stringify(shown.body)).not.toContain(provider.clientSecret)
		const row = await api.db
			.selectFrom('organization_sso')
			.select('client_secret_sealed')
			.where('organization_id', '=', school.id)
			.executeTakeFirstOrThrow()
		expect(row.client_secret_sealed).not.toContain(provider.clientSecret)

		// A blank secret keeps the stored one; another organization cannot claim the same domain.
		const kept = await call(api, 'PUT', '/sso/settings', {
			token: school.token,
			json: {
				providerName: 'Renamed',
				issuer: provider.issuer,
				clientId: provider.clientId,
				clientSecret: '',
				domains: [school.domain],
			},
		})
		expect(kept.status).toBe(200)
		const other = await newOrganization(api)
		const taken = await call(api, 'PUT', '/sso/settings', {
			token: other.token,
			json: {
				providerName: 'X',
				issuer: provider.issuer,
				clientId: 'x',
				clientSecret: 's',
				domains: [school.domain],
			},
		})
		expect(taken.status).toBe(409)
		expect(taken.body.errors).toEqual([
			{ path: 'domains', msg: `${school.domain} already signs in with another organization` },
		])

		const student = await registerStudent(api)
		const refused = await call(api, 'GET', '/sso/settings', { token: student.token })
		expect(refused.status).toBe(403)
	})

	test('the login page finds an organization by its shared link or by an email domain', async () => {
		const school = await schoolWithSso()
		const byId = await call(api, 'GET', `/sso/organizations/${school.id}`)
		expect(byId.body.sso).toEqual({
			organizationId: school.id,
			organizationName: expect.stringMatching(/^School/),
			providerName: 'School Login',
		})
		const byEmail = await call(
			api,
			'GET',
			`/sso/lookup?email=${encodeURIComponent(`pat@${school.domain.toUpperCase()}`)}`,
		)
		expect(byEmail.body.sso.organizationId).toBe(school.id)
		const none = await call(api, 'GET', '/sso/lookup?email=pat@nowhere.test')
		expect(none.status).toBe(404)
		expect(none.body.message).toBe(
			'No organization signs in with this email address. Log in with your password instead.',
		)
		for (const id of [crypto.randomUUID(), 'not-an-id']) {
			const unknown = await call(api, 'GET', `/sso/organizations/${id}`)
			expect(unknown.status).toBe(404)
			expect(unknown.body.message).toBe('This organization does not offer single sign-on.')
		}
	})
})

describe('signing in', () => {
	test('a rostered student signs in: linked at the first sign-in, a session like a password login', async () => {
		const school = await schoolWithSso()
		const member = await rosteredStudent(school, 'ana')
		const subject = providerAccount(member.email)

		const first = await signIn(school.id, subject)
		expect(first.status).toBe(200)
		expect(first.body.user).toMatchObject({
			id: member.id,
			email: member.email,
			emailVerified: true,
		})
		const identity = await api.db
			.selectFrom('sso_identities')
			.selectAll()
			.where('user_id', '=', member.id)
			.executeTakeFirstOrThrow()
		expect(identity).toMatchObject({ issuer: provider.issuer, subject, organization_id: school.id })

		// The session is an ordinary one: the account's calls work, it is listed, logout ends it.
		const token = first.body.user.accessToken as string
		const sessions = await call(api, 'GET', '/account/sessions', { token })
		expect(sessions.status).toBe(200)
		expect(sessions.body.sessions).toHaveLength(1)
		expect(first.headers.getSetCookie().some((line) => line.startsWith('refreshToken='))).toBe(true)
		await call(api, 'POST', '/auth/logout', { token })
		expect((await call(api, 'GET', '/account', { token })).status).toBe(403)

		// Later sign-ins find the person by the provider's subject, even with another email there.
		provider.accounts.set(subject, { email: 'changed@elsewhere.test', email_verified: true })
		const again = await signIn(school.id, subject)
		expect(again.status).toBe(200)
		expect(again.body.user.id).toBe(member.id)
	})

	test('a person not on the roster is refused; with joining by domain they join as a student', async () => {
		const school = await schoolWithSso()
		const email = `newcomer@${school.domain}`
		const subject = providerAccount(email)
		const refused = await signIn(school.id, subject)
		expect(refused.status).toBe(403)
		expect(refused.body.message).toBe(
			`Your School Login account is not on ${refused.body.message.match(/on (School \d+)'s/)[1]}'s list of members, so it cannot sign in here. Ask ${refused.body.message.match(/on (School \d+)'s/)[1]} to add you, then sign in again.`,
		)
		expect(
			await api.db.selectFrom('users').select('id').where('email', '=', email).execute(),
		).toEqual([])

		const outsider = providerAccount('someone@elsewhere.test')
		const wrongDomain = await signIn(school.id, outsider)
		expect(wrongDomain.status).toBe(403)
		expect(wrongDomain.body.message).toMatch(
			/did not give a verified email address that School \d+ signs in with/,
		)

		await call(api, 'PUT', '/sso/settings', {
			token: school.token,
			json: {
				providerName: 'School Login',
				issuer: provider.issuer,
				clientId: provider.clientId,
				domains: school.domain,
				joinByDomain: true,
			},
		})
		const joined = await signIn(school.id, subject)
		expect(joined.status).toBe(200)
		expect(joined.body.user).toMatchObject({
			email,
			role: 'student',
			organization_id: school.id,
			firstName: 'Sky',
		})
	})

	test('an account its owner made is linked only with its password, given to link it', async () => {
		const school = await schoolWithSso()
		const ownEmail = `own@${school.domain}`
		const registered = await call(api, 'POST', '/auth/register-student', {
			json: { firstName: 'Own', lastName: 'Account', email: ownEmail, password: PASSWORD },
		})
		expect(registered.status).toBe(201)
		const own = { ...(await login(api, ownEmail, PASSWORD)), email: ownEmail }
		await verifyEmailOf(api, own.email)
		const invited = await call(api, 'POST', `/organizations/${school.id}/students`, {
			token: school.token,
			json: { email: own.email },
		})
		expect(invited.status).toBe(201)
		const { body } = await call(api, 'GET', '/users/invitations', { token: own.token })
		const accepted = await call(
			api,
			'POST',
			`/users/invitations/${body.invitations[0].id}/accept`,
			{
				token: own.token,
			},
		)
		expect(accepted.status).toBe(200)
		const subject = providerAccount(own.email)

		const needsPassword = await signIn(school.id, subject)
		expect(needsPassword.status).toBe(200)
		expect(needsPassword.body).toMatchObject({
			linkRequired: true,
			email: own.email,
			organizationName: expect.stringMatching(/^School/),
			providerName: 'School Login',
			join: false,
		})
		expect(needsPassword.body.user).toBeUndefined()
		expect(await isLinked(subject)).toBe(false)

		// Another password does not link it (decision 052: the owner's own consent does).
		const forged = await call(api, 'POST', '/sso/link', {
			json: { linkToken: needsPassword.body.linkToken, password: 'Someone-Elses-Pass-1' },
		})
		expect(forged.status).toBe(400)
		expect(await isLinked(subject)).toBe(false)

		const linked = await call(api, 'POST', '/sso/link', {
			json: { linkToken: needsPassword.body.linkToken, password: PASSWORD },
		})
		expect(linked.status).toBe(200)
		const after = await signIn(school.id, subject)
		expect(after.status).toBe(200)
		expect(after.body.user.id).toBe(own.user.id)
	})
})

test('the provider’s keys are fetched once for many sign-ins; its discovery at each start, to know it answers', async () => {
	const school = await schoolWithSso()
	const subject = providerAccount((await rosteredStudent(school, 'cache')).email)
	const from = provider.served.length
	for (let round = 0; round < 3; round++)
		expect((await signIn(school.id, subject)).status).toBe(200)
	const served = provider.served.slice(from)
	expect(served.filter((path) => path === '/.well-known/openid-configuration')).toHaveLength(3)
	expect(served.filter((path) => path === '/jwks')).toHaveLength(1)
	expect(served.filter((path) => path === '/token')).toHaveLength(3)
})

describe('refusals', () => {
	test('a wrong state is refused and the code is not spent on a session', async () => {
		const school = await schoolWithSso()
		const member = await rosteredStudent(school, 'st')
		const subject = providerAccount(member.email)
		const { answer, checks } = await startSignIn(school.id)
		const back = await signInAtProvider(answer.body.url, subject)
		const wrongState = await finish(school.id, back, { ...checks, state: oidc.randomState() })
		expect(wrongState.status).toBe(401)
		expect(wrongState.body.message).toBe(
			'Your school sign-in could not be confirmed. Start again from the login page.',
		)
		expect(wrongState.headers.getSetCookie()).toEqual([])
	})

	test('a code is good once: the replay is refused', async () => {
		const school = await schoolWithSso()
		const member = await rosteredStudent(school, 're')
		const subject = providerAccount(member.email)
		const { answer, checks } = await startSignIn(school.id)
		const back = await signInAtProvider(answer.body.url, subject)
		expect((await finish(school.id, back, checks)).status).toBe(200)
		const replay = await finish(school.id, back, checks)
		expect(replay.status).toBe(401)
		expect(replay.body.user).toBeUndefined()
	})

	test('an ID token that expired, or was made for another client, is refused though its signature is good', async () => {
		const school = await schoolWithSso()
		const member = await rosteredStudent(school, 'id')
		const subject = providerAccount(member.email)
		const now = Math.floor(Date.now() / 1000)
		try {
			// Signed again unchanged, a token passes: the key and the signing are the provider's own.
			provider.tamper = (claims) => claims
			expect((await signIn(school.id, subject)).status).toBe(200)
			await api.db.deleteFrom('sso_identities').where('subject', '=', subject).execute()

			provider.tamper = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 })
			const expired = await signIn(school.id, subject)
			expect(expired.status).toBe(401)
			expect(expired.body.message).toBe(
				'Your school sign-in could not be confirmed. Start again from the login page.',
			)
			provider.tamper = (claims) => ({ ...claims, aud: 'another-client' })
			const foreign = await signIn(school.id, subject)
			expect(foreign.status).toBe(401)
			provider.tamper = (claims) => ({ ...claims, nonce: 'not-the-one-sent' })
			expect((await signIn(school.id, subject)).status).toBe(401)
		} finally {
			provider.tamper = null
		}
		expect(await isLinked(subject)).toBe(false)
		// The untouched token signs the same person in.
		expect((await signIn(school.id, subject)).status).toBe(200)
	})

	test('a provider that is down is said plainly, and nothing else breaks', async () => {
		const port = await freePort()
		const org = await newOrganization(api)
		await call(api, 'PUT', '/sso/settings', {
			token: org.token,
			json: {
				providerName: 'Down Login',
				issuer: `http://127.0.0.1:${port}`,
				clientId: 'x',
				clientSecret: 'y',
				domains: `down${Date.now()}.test`,
			},
		})
		const { answer } = await startSignIn(org.id)
		expect(answer.status).toBe(503)
		expect(answer.body.message).toBe(
			'Down Login cannot be reached right now. Try again later, or log in with your password.',
		)
		// The password login is untouched.
		expect(
			(
				await call(api, 'POST', '/auth/organization-login', {
					json: { email: org.email, password: PASSWORD },
				})
			).status,
		).toBe(200)
	})
})

test('in production a provider is reached over https only, not on this machine over http', async () => {
	const production = await startApi({ config: { publicUrl: APP_URL, production: true } })
	try {
		const org = await newOrganization(production)
		const saved = await call(production, 'PUT', '/sso/settings', {
			token: org.token,
			json: {
				providerName: 'Local',
				issuer: provider.issuer,
				clientId: 'x',
				clientSecret: 'y',
				domains: 'local.test',
			},
		})
		expect(saved.status).toBe(400)
		expect(saved.body.errors).toEqual([
			{ path: 'issuer', msg: 'The issuer URL must start with https://' },
		])
	} finally {
		await production.close()
	}
})

test('a provider stopped after a sign-in is said to be down at the next start, not sent to (issue 38)', async () => {
	const own = await startProvider({ appUrl: APP_URL })
	let stopped = false
	try {
		const org = await newOrganization(api)
		const domain = `stopped${Date.now()}.test`
		const saved = await call(api, 'PUT', '/sso/settings', {
			token: org.token,
			json: {
				providerName: 'Stopping Login',
				issuer: own.issuer,
				clientId: own.clientId,
				clientSecret: own.clientSecret,
				domains: domain,
			},
		})
		expect(saved.status).toBe(200)
		await proveDomain(api, org.token, domain, dns)
		const email = `pupil@${domain}`
		await newMember(api, org.token, 'student', { email })
		own.accounts.set('pupil', { email, email_verified: true })
		const { answer, checks } = await startSignIn(org.id)
		const back = await signInAtProvider(answer.body.url, 'pupil')
		expect((await finish(org.id, back, checks)).status).toBe(200)

		await own.close()
		stopped = true
		const again = await startSignIn(org.id)
		expect(again.answer.status).toBe(503)
		expect(again.answer.body.message).toBe(
			'Stopping Login cannot be reached right now. Try again later, or log in with your password.',
		)
	} finally {
		if (!stopped) await own.close()
	}
})

describe('issuer addresses (issue 38)', () => {
	const NOT_PUBLIC = 'The issuer URL must be a public address on the internet'
	const EXTRAS = 'The issuer URL cannot have a user name, password, query (?) or fragment (#)'
	const save = (on: TestApi, token: string, issuer: string) =>
		call(on, 'PUT', '/sso/settings', {
			token,
			json: {
				providerName: 'P',
				issuer,
				clientId: 'x',
				clientSecret: 'y',
				domains: `p${Date.now()}.test`,
			},
		})

	test('production refuses loopback, private and link-local issuers unless the operator allows them', async () => {
		const production = await startApi({ config: { publicUrl: APP_URL, production: true } })
		const allowing = await startApi({
			config: { publicUrl: APP_URL, production: true, allowPrivateIssuers: true },
		})
		try {
			const org = await newOrganization(production)
			for (const issuer of [
				'https://127.0.0.1:8443/',
				'https://localhost:8443/',
				'https://LOCALHOST./',
				'https://169.254.169.254/',
				'https://10.1.2.3/realms/school',
				'https://192.168.0.10/',
				'https://[::1]/',
				'https://[fd00::1]/',
				'https://[::ffff:127.0.0.1]/',
				'https://0.0.0.0/',
				'https://intranet/',
				'https://idp.school.internal/',
			]) {
				const saved = await save(production, org.token, issuer)
				expect([issuer, saved.status, saved.body.errors]).toEqual([
					issuer,
					400,
					[{ path: 'issuer', msg: NOT_PUBLIC }],
				])
			}
			// Real issuers have paths (Entra's tenant, Keycloak's realm): kept.
			for (const issuer of [
				'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
				'https://sso.school.example/realms/pupils',
				'https://203.0.114.9/',
			])
				expect([issuer, (await save(production, org.token, issuer)).status]).toEqual([issuer, 200])

			const school = await newOrganization(allowing)
			expect((await save(allowing, school.token, 'https://10.1.2.3/realms/school')).status).toBe(
				200,
			)
		} finally {
			await production.close()
			await allowing.close()
		}
	})

	test('an issuer with a query, fragment or credentials is refused, in development too', async () => {
		const org = await newOrganization(api)
		for (const issuer of [
			`${provider.issuer}/internal/admin?delete=1`,
			`${provider.issuer}#x`,
			`${provider.issuer}?`,
			'http://user:secret@127.0.0.1:9/',
		]) {
			const saved = await save(api, org.token, issuer)
			expect([issuer, saved.status, saved.body.errors]).toEqual([
				issuer,
				400,
				[{ path: 'issuer', msg: EXTRAS }],
			])
		}
	})

	test('in production each connection is checked: a name that resolves to this machine is never connected to', async () => {
		const production = await startApi({ config: { publicUrl: APP_URL, production: true } })
		const connections: string[] = []
		const listener = createTcpServer((socket) => {
			connections.push(socket.remoteAddress ?? '')
			socket.destroy()
		})
		await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
		const { port } = listener.address() as { port: number }
		try {
			const org = await newOrganization(production)
			expect((await save(production, org.token, 'https://idp.school.example/')).status).toBe(200)
			// As if the name now resolved to this machine (DNS rebinding): the stored issuer is one
			// whose name resolves to loopback.
			await production.db
				.updateTable('organization_sso')
				.set({ issuer: `https://localhost:${port}` })
				.where('organization_id', '=', org.id)
				.execute()
			const answer = await call(production, 'POST', '/sso/authorize', {
				json: {
					organizationId: org.id,
					state: oidc.randomState(),
					nonce: oidc.randomNonce(),
					codeChallenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
				},
			})
			expect(answer.status).toBe(503)
			expect(answer.body.message).toBe(
				'P cannot be reached right now. Try again later, or log in with your password.',
			)
			expect(connections).toEqual([])
		} finally {
			await new Promise((resolve) => listener.close(resolve))
			await production.close()
		}
	}, 60_000)
})
