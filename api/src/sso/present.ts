import type { z } from 'zod'
import type { SsoSettingsRow } from './repository.ts'
import type { publicSso, ssoSettings } from './schemas.ts'

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
