import { z } from '@hono/zod-openapi'
import type { Db } from '../db.ts'
import type { ApiDeps } from '../platform/context.ts'
import {
	ApiError,
	isUniqueViolation,
	validationError,
	type FieldError,
} from '../platform/errors.ts'
import { newDomainToken, provenElsewhere } from './domains.ts'
import { toPublicSso } from './present.ts'
import { issuerProblem, providerDown, type ProviderSettings } from './provider.ts'
import {
	domainsProvenElsewhere,
	findOrganizationByDomain,
	findSsoSettings,
	removeLink,
	saveSsoSettings,
	type SsoSettingsRow,
} from './repository.ts'
import type { ssoSettingsChange } from './schemas.ts'
import { openSecret, sealSecret } from './secret.ts'

// An organization's single sign-on settings, and finding them (moved from sso/routes.ts,
// decision 060).

export const NOT_OFFERED = 'This organization does not offer single sign-on.'
export const NO_ORGANIZATION_FOR_DOMAIN =
	'No organization signs in with this email address. Log in with your password instead.'
export const SECRET_NEEDED = 'Enter the client secret your identity provider gave you'
export const NO_SUCH_LINK = 'No such linked sign-in'
export const SETTINGS_SAVED = 'Single sign-on settings saved'

/** What a call that goes to the organization's provider refuses (`settingsOf`, `providerOf`). */
export const PROVIDER_REFUSALS = {
	404: NOT_OFFERED,
	503: providerDown('<provider>'),
} as const

/** The organization's settings; 404 when it offers no single sign-on. */
export async function settingsOf(db: Db, organizationId: string) {
	const row = await findSsoSettings(db, organizationId)
	if (!row) throw new ApiError(404, NOT_OFFERED)
	return row
}

/** The settings a sign-in with the provider uses, its client secret opened. */
export function providerOf(config: ApiDeps['config'], row: SsoSettingsRow): ProviderSettings {
	const clientSecret = openSecret(row.client_secret_sealed, config.jwtSecret, row.organization_id)
	// Sealed under another JWT_SECRET: the organization enters it again; until then, passwords.
	if (clientSecret === null) throw new ApiError(503, providerDown(row.provider_name))
	return {
		organizationId: row.organization_id,
		providerName: row.provider_name,
		issuer: row.issuer,
		clientId: row.client_id,
		clientSecret,
		version: row.updated_at.toISOString(),
		publicOnly: config.production && !config.allowPrivateIssuers,
	}
}

/**
 * Saves the organization's identity provider (a blank secret keeps the stored one): a new domain
 * is claimed pending with its own token, one left off is released; 409 for a domain another
 * organization has proven.
 */
export async function saveSettings(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	organizationId: string,
	change: z.output<typeof ssoSettingsChange>,
) {
	const stored = await findSsoSettings(db, organizationId)
	const problems = [
		{ path: 'issuer', msg: issuerProblem(change.issuer, config) },
		{ path: 'clientSecret', msg: !stored && !change.clientSecret ? SECRET_NEEDED : null },
	].filter((problem): problem is FieldError => problem.msg !== null)
	if (problems.length > 0) throw validationError(problems)
	// Only a proven claim blocks: an unproven one anybody may contest (decision 051).
	const taken = await domainsProvenElsewhere(db, organizationId, change.domains)
	const domainTaken = () =>
		new ApiError(409, 'Validation failed', [
			{ path: 'domains', msg: provenElsewhere(taken[0] ?? 'A domain') },
		])
	if (taken.length > 0) throw domainTaken()
	try {
		await saveSsoSettings(db, organizationId, {
			providerName: change.providerName,
			issuer: change.issuer,
			clientId: change.clientId,
			clientSecretSealed: change.clientSecret
				? sealSecret(change.clientSecret, config.jwtSecret, organizationId)
				: undefined,
			joinByDomain: change.joinByDomain,
			domains: change.domains.map((domain) => ({ domain, token: newDomainToken() })),
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw domainTaken()
		throw error
	}
	return { message: SETTINGS_SAVED }
}

/**
 * An organization's single sign-on as its login page shows it. The id is not checked as a UUID
 * first: an address typed by hand is an organization without it (404).
 */
export async function publicSsoOf(db: Db, organizationId: string) {
	const id = z.uuid().safeParse(organizationId)
	if (!id.success) throw new ApiError(404, NOT_OFFERED)
	return { sso: toPublicSso(await settingsOf(db, id.data)) }
}

/** The single sign-on of the organization that has proven the domain an email address is in. */
export async function ssoOfEmail(db: Db, email: string) {
	const domain = email.slice(email.indexOf('@') + 1)
	const organizationId = await findOrganizationByDomain(db, domain)
	const row = organizationId ? await findSsoSettings(db, organizationId) : undefined
	if (!row) throw new ApiError(404, NO_ORGANIZATION_FOR_DOMAIN)
	return { sso: toPublicSso(row) }
}

/** Removes the user's linked sign-in with an organization; 404 when there is none. */
export async function removeLinkOf(db: Db, userId: string, organizationId: string) {
	const id = z.uuid().safeParse(organizationId)
	if (!id.success || !(await removeLink(db, userId, id.data))) {
		throw new ApiError(404, NO_SUCH_LINK)
	}
	return { message: 'The linked sign-in is removed' }
}
