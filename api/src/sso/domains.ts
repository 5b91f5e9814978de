import { randomBytes } from 'node:crypto'
import { Resolver } from 'node:dns/promises'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation } from '../platform/errors.ts'
import { log } from '../platform/log.ts'
import { startPeriodic } from '../platform/periodic.ts'
import { RELEASE_AFTER_FAILURES, txtRecordValue } from './present.ts'
import {
	domainsProvenElsewhere,
	findDomainClaim,
	markDomainChecked,
	markDomainProven,
	provenClaimsDue,
	recordRecheck,
} from './repository.ts'

// Proven domains (issue 38, decision 051). An organization's email domain counts (the login page's
// lookup, joining by domain, the provider's email matching) only once the organization has shown
// it controls the domain's DNS, as Google Workspace and Microsoft Entra ask: a TXT record
// `tutorhub-verification=<token>` at the domain itself, with the claim's own random token. A
// proven claim is checked again every day; three checks in a row that do not find the record
// release it.

/** How often a proven claim is looked up again. */
export const RECHECK_EVERY_MS = 24 * 60 * 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000
const SWEEP_BATCH = 200
// c-ares doubles the timeout at its second try: at most about 6 s for a server that never answers.
const LOOKUP_TIMEOUT_MS = 2_000

export const newDomainToken = () => randomBytes(16).toString('hex')

export const recordNotFound = (domain: string) =>
	`We could not find the TXT record for ${domain} yet. Check that it is published exactly as shown, at ${domain} itself, then try again: DNS changes can take up to an hour to be seen.`
export const provenElsewhere = (domain: string) =>
	`${domain} already signs in with another organization`
export const dnsUnavailable = (domain: string) =>
	`We could not ask DNS about ${domain} right now. Try again in a few minutes.`
export const domainProven = (domain: string) =>
	`${domain} is verified: addresses in it now sign in with your provider`
const NOT_CLAIMED = 'Add this domain to your single sign-on settings first'

class DnsUnavailable extends Error {}

/**
 * The TXT values at `domain` (each record's strings joined, as RFC 7208 reads them), from the
 * configured name servers or the system's. No such name or no TXT record: none. A server that
 * fails or does not answer: DnsUnavailable, which proves nothing either way.
 */
async function txtRecords(servers: string[] | undefined, domain: string): Promise<string[]> {
	const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 })
	if (servers) resolver.setServers(servers)
	try {
		return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''))
	} catch (error) {
		const code = (error as { code?: string }).code
		if (code === 'ENODATA' || code === 'ENOTFOUND') return []
		throw new DnsUnavailable(code ?? String(error))
	}
}

const publishes = (records: string[], token: string) =>
	records.some((record) => record.trim() === txtRecordValue(token))

/**
 * The organization's "Verify": looks its record up now. Found, the claim is proven and every other
 * organization's unproven claim to the domain is released; not found, a 400 that says what to do.
 */
export async function verifyDomain(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	organizationId: string,
	domain: string,
	now = new Date(),
) {
	const claim = await findDomainClaim(db, organizationId, domain)
	if (!claim) {
		// Released because another organization proved it first: say so, not "add it".
		if ((await domainsProvenElsewhere(db, organizationId, [domain])).length > 0) {
			throw new ApiError(409, 'Validation failed', [
				{ path: 'domain', msg: provenElsewhere(domain) },
			])
		}
		throw new ApiError(404, NOT_CLAIMED)
	}
	let records: string[]
	try {
		records = await txtRecords(config.dnsServers, domain)
	} catch (error) {
		if (error instanceof DnsUnavailable) throw new ApiError(503, dnsUnavailable(domain))
		throw error
	}
	if (!publishes(records, claim.token)) {
		await markDomainChecked(db, claim.id, now)
		throw new ApiError(400, 'Validation failed', [{ path: 'domain', msg: recordNotFound(domain) }])
	}
	if (claim.verified_at) {
		await recordRecheck(db, claim.id, true, now, RELEASE_AFTER_FAILURES)
	} else {
		// Two organizations proving one domain at once: the partial unique index lets one win.
		const proven = await markDomainProven(db, claim, now).catch((error: unknown) => {
			if (isUniqueViolation(error)) return false
			throw error
		})
		if (!proven) {
			throw new ApiError(409, 'Validation failed', [
				{ path: 'domain', msg: provenElsewhere(domain) },
			])
		}
	}
	return { message: domainProven(domain) }
}

/**
 * Looks every proven claim not checked for a day up again (at most a batch per run): found, it
 * stays; missing, it counts a failure, and the third in a row releases it. A name server that
 * does not answer proves nothing: the claim is tried again at the next run.
 */
export async function recheckProvenDomains(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	now = new Date(),
) {
	const due = await provenClaimsDue(db, new Date(now.getTime() - RECHECK_EVERY_MS), SWEEP_BATCH)
	const released: string[] = []
	for (const claim of due) {
		let records: string[]
		try {
			records = await txtRecords(config.dnsServers, claim.domain)
		} catch (error) {
			log.warn({ domain: claim.domain, err: error }, 'Domain re-check: DNS did not answer')
			continue
		}
		const found = publishes(records, claim.token)
		// Several API processes may sweep at once: a claim another one checked meanwhile is left
		// alone, so one missing record counts once.
		const stillProven = await recordRecheck(
			db,
			claim.id,
			found,
			now,
			RELEASE_AFTER_FAILURES,
			claim.checked_at,
		)
		if (!stillProven) {
			released.push(claim.domain)
			log.info(
				{ domain: claim.domain, organizationId: claim.organization_id },
				'Domain released: its TXT record is gone',
			)
		}
	}
	return { checked: due.length, released }
}

/** Re-checks proven domains every hour at the real time, and once at start (decision 051). */
export function startDomainRechecks(
	deps: Pick<ApiDeps, 'db' | 'config'>,
	{ everyMs = SWEEP_EVERY_MS, onError }: { everyMs?: number; onError: (error: unknown) => void },
) {
	return startPeriodic(() => recheckProvenDomains(deps, new Date()), { everyMs, onError })
}
