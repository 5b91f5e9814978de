import { call, organizationLogin, uniqueEmail, type TestApi } from './helpers.ts'

/** Registers a fresh organization and signs it in. */
export async function newOrganization(api: TestApi, fields: Record<string, string> = {}) {
	const email = uniqueEmail('org')
	const form = new FormData()
	const values = {
		name: 'Test School',
		email,
		password: 'Lantern-Harbour-42',
		type: 'school',
		country: 'US',
		...fields,
	}
	for (const [key, value] of Object.entries(values)) form.append(key, value)
	const answer = await call(api, 'POST', '/organizations/register', { body: form })
	if (answer.status !== 201) throw new Error(`register organization: ${answer.status}`)
	const session = await organizationLogin(api, email, 'Lantern-Harbour-42')
	return { id: answer.body.id as string, token: session.token, email, answer: session.answer }
}

/** Registers a member of the organization (a student by default). */
export async function newMember(
	api: TestApi,
	token: string,
	role: 'student' | 'tutor' = 'student',
	fields: Record<string, string> = {},
) {
	const email = uniqueEmail(role)
	const answer = await call(api, 'POST', `/auth/register-${role}/organization`, {
		token,
		json: {
			firstName: 'Pat',
			lastName: 'Member',
			email,
			password: 'Lantern-Harbour-42',
			...fields,
		},
	})
	if (answer.status !== 201) throw new Error(`register member: ${answer.status}`)
	return { id: answer.body.user.id as string, email }
}

/**
 * Proves the organization holds `domain` as a school would (decision 051): publishes the TXT record
 * its settings show on the test's DNS server, then presses Verify.
 */
export async function proveDomain(
	api: TestApi,
	token: string,
	domain: string,
	dns: { setTxt: (name: string, values: string[]) => void },
) {
	const settings = await call(api, 'GET', '/sso/settings', { token })
	const claim = settings.body.sso?.domainClaims.find(
		(candidate: { domain: string }) => candidate.domain === domain,
	)
	if (!claim) throw new Error(`${domain} is not claimed`)
	dns.setTxt(domain, [claim.txtRecord.value])
	const verified = await call(api, 'POST', '/sso/domains/verify', { token, json: { domain } })
	if (verified.status !== 200) {
		throw new Error(`verify ${domain}: ${verified.status} ${JSON.stringify(verified.body)}`)
	}
	return claim.txtRecord.value as string
}
