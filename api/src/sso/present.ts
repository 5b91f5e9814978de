import type { z } from 'zod'
import type { listLinks, SsoSettingsRow } from './repository.ts'
import type { publicSso, ssoLinksAnswer, ssoSettings } from './schemas.ts'

/** What anyone may know of an organization's single sign-on: enough to offer its button. */
export const toPublicSso = (row: SsoSettingsRow): z.input<typeof publicSso> => ({
	organizationId: row.organization_id,
	organizationName: row.organization_name,
	providerName: row.provider_name,
})

/** The organization's own settings page: everything but the secret, which only shows as stored. */
export const toSsoSettings = (
	row: SsoSettingsRow,
	domains: string[],
): z.input<typeof ssoSettings> => ({
	providerName: row.provider_name,
	issuer: row.issuer,
	clientId: row.client_id,
	hasClientSecret: true,
	domains,
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
