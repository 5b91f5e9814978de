import type { z } from 'zod'
import type { DomainClaimRow, listLinks, SsoSettingsRow } from './repository.ts'
import type { publicSso, ssoLinksAnswer, ssoSettings } from './schemas.ts'

/** Re-checks in a row without the record before a proven domain is released (decision 051). */
export const RELEASE_AFTER_FAILURES = 3

/** What the organization publishes: a TXT record with this value, at the domain itself. */
export const txtRecordValue = (token: string) => `tutorhub-verification=${token}`

/** What anyone may know of an organization's single sign-on: enough to offer its button. */
export const toPublicSso = (row: SsoSettingsRow): z.input<typeof publicSso> => ({
	organizationId: row.organization_id,
	organizationName: row.organization_name,
	providerName: row.provider_name,
})

/** The organization's own settings page: everything but the secret, which only shows as stored. */
export const toSsoSettings = (
	row: SsoSettingsRow,
	claims: DomainClaimRow[],
): z.input<typeof ssoSettings> => ({
	providerName: row.provider_name,
	issuer: row.issuer,
	clientId: row.client_id,
	hasClientSecret: true,
	domains: claims.map((claim) => claim.domain),
	domainClaims: claims.map((claim) => ({
		domain: claim.domain,
		status: claim.verified_at ? ('verified' as const) : ('pending' as const),
		txtRecord: { name: claim.domain, value: txtRecordValue(claim.token) },
		verifiedAt: claim.verified_at?.toISOString() ?? null,
		checkedAt: claim.checked_at?.toISOString() ?? null,
		failedChecks: claim.failed_checks,
		releasedAfter: RELEASE_AFTER_FAILURES,
	})),
	joinByDomain: row.join_by_domain,
	loginPath: `/login/sso/${row.organization_id}`,
})

/** A linked school sign-in, for the list beside the signed-in devices. */
export const toSsoLink = (
	row: Awaited<ReturnType<typeof listLinks>>[number],
): z.input<typeof ssoLinksAnswer>['links'][number] => ({
	organizationId: row.organization_id,
	organizationName: row.organization_name,
	// The organization turned single sign-on off: the link stays until removed, and signs in nobody.
	providerName: row.provider_name ?? 'Single sign-on',
	linkedAt: row.created_at.toISOString(),
})
