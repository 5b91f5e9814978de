import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import { apiUrl, dnsRecordsDir } from '../playwright.config'

// Organizations' domain records on the e2e servers' real DNS server (scripts/e2e-servers.mjs), which
// reads `<name>.json` at each question (decision 051).

/** Publishes the TXT records of `domain` (none: an empty list). */
export function publishTxt(domain: string, values: string[]) {
	mkdirSync(dnsRecordsDir, { recursive: true })
	writeFileSync(join(dnsRecordsDir, `${domain}.json`), JSON.stringify(values))
}

/** Proves the organization holds `domain` over the API: its record published, then Verify. */
export async function proveDomain(request: APIRequestContext, token: string, domain: string) {
	const headers = { Authorization: `Bearer ${token}` }
	const settings = await (await request.get(`${apiUrl}/sso/settings`, { headers })).json()
	const claim = settings.sso.domainClaims.find(
		(candidate: { domain: string }) => candidate.domain === domain,
	)
	publishTxt(domain, [claim.txtRecord.value])
	const verified = await request.post(`${apiUrl}/sso/domains/verify`, {
		headers,
		data: { domain },
	})
	expect(verified.status()).toBe(200)
}
