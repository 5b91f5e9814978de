import type { Db } from '../db.ts'

// The only SQL of single sign-on: organizations' provider settings, their email domains, and the
// provider accounts linked to ours.

export const findSsoSettings = (db: Db, organizationId: string) =>
	db
		.selectFrom('organization_sso')
		.innerJoin('organizations', 'organizations.id', 'organization_sso.organization_id')
		.select([
			'organization_sso.organization_id',
			'organizations.name as organization_name',
			'organization_sso.provider_name',
			'organization_sso.issuer',
			'organization_sso.client_id',
			'organization_sso.client_secret_sealed',
			'organization_sso.join_by_domain',
			'organization_sso.updated_at',
		])
		.where('organization_sso.organization_id', '=', organizationId)
		.executeTakeFirst()

export type SsoSettingsRow = NonNullable<Awaited<ReturnType<typeof findSsoSettings>>>

export const listSsoDomains = async (db: Db, organizationId: string) =>
	(
		await db
			.selectFrom('organization_sso_domains')
			.select('domain')
			.where('organization_id', '=', organizationId)
			.orderBy('domain')
			.execute()
	).map((row) => row.domain)

export const findOrganizationByDomain = async (db: Db, domain: string) =>
	(
		await db
			.selectFrom('organization_sso_domains')
			.select('organization_id')
			.where('domain', '=', domain)
			.executeTakeFirst()
	)?.organization_id

/** Which of these domains another organization already signs in with. */
export const domainsTakenElsewhere = async (db: Db, organizationId: string, domains: string[]) =>
	domains.length === 0
		? []
		: (
				await db
					.selectFrom('organization_sso_domains')
					.select('domain')
					.where('domain', 'in', domains)
					.where('organization_id', '<>', organizationId)
					.execute()
			).map((row) => row.domain)

export type SsoSettingsChange = {
	providerName: string
	issuer: string
	clientId: string
	/** Absent: the stored secret stays. */
	clientSecretSealed?: string
	joinByDomain: boolean
	domains: string[]
}

/** Saves an organization's provider and its domains together. */
export const saveSsoSettings = (db: Db, organizationId: string, change: SsoSettingsChange) =>
	db.transaction().execute(async (trx) => {
		const values = {
			provider_name: change.providerName,
			issuer: change.issuer,
			client_id: change.clientId,
			join_by_domain: change.joinByDomain,
			updated_at: new Date(),
		}
		if (change.clientSecretSealed) {
			const secret = change.clientSecretSealed
			await trx
				.insertInto('organization_sso')
				.values({ organization_id: organizationId, client_secret_sealed: secret, ...values })
				.onConflict((oc) =>
					oc.column('organization_id').doUpdateSet({ ...values, client_secret_sealed: secret }),
				)
				.execute()
		} else {
			await trx
				.updateTable('organization_sso')
				.set(values)
				.where('organization_id', '=', organizationId)
				.execute()
		}
		await trx
			.deleteFrom('organization_sso_domains')
			.where('organization_id', '=', organizationId)
			.execute()
		if (change.domains.length > 0) {
			await trx
				.insertInto('organization_sso_domains')
				.values(change.domains.map((domain) => ({ domain, organization_id: organizationId })))
				.execute()
		}
	})

export const deleteSsoSettings = (db: Db, organizationId: string) =>
	db.deleteFrom('organization_sso').where('organization_id', '=', organizationId).execute()

export const findLinkedUser = (db: Db, issuer: string, subject: string) =>
	db
		.selectFrom('sso_identities')
		.select(['user_id', 'organization_id'])
		.where('issuer', '=', issuer)
		.where('subject', '=', subject)
		.executeTakeFirst()

/**
 * Links a provider account to a person of the organization, once (a second link is a no-op);
 * with `join`, a person of no organization becomes its member in the same step.
 */
export const linkIdentity = (
	db: Db,
	identity: { issuer: string; subject: string; userId: string; organizationId: string },
	{ join = false } = {},
) =>
	db.transaction().execute(async (trx) => {
		if (join) {
			await trx
				.updateTable('users')
				.set({ organization_id: identity.organizationId })
				.where('id', '=', identity.userId)
				.where('organization_id', 'is', null)
				.execute()
		}
		await trx
			.insertInto('sso_identities')
			.values({
				issuer: identity.issuer,
				subject: identity.subject,
				user_id: identity.userId,
				organization_id: identity.organizationId,
			})
			.onConflict((oc) => oc.doNothing())
			.execute()
	})

/**
 * Whether a school sign-in may link to this account only with its owner's consent: anything but an
 * account its organization made and that kept its email and organization since (migration 029).
 */
export const needsConsentToLink = async (db: Db, userId: string) =>
	(
		await db
			.selectFrom('users')
			.select('sso_consent_required')
			.where('id', '=', userId)
			.executeTakeFirst()
	)?.sso_consent_required ?? true

/** The school sign-ins linked to a person, with the organization and provider they belong to. */
export const listLinks = (db: Db, userId: string) =>
	db
		.selectFrom('sso_identities as identity')
		.innerJoin('organizations', 'organizations.id', 'identity.organization_id')
		.leftJoin('organization_sso', 'organization_sso.organization_id', 'identity.organization_id')
		.select([
			'identity.organization_id',
			'organizations.name as organization_name',
			'organization_sso.provider_name',
			'identity.created_at',
		])
		.where('identity.user_id', '=', userId)
		.orderBy('identity.created_at', 'desc')
		.execute()

/** Ends a person's link to an organization's sign-in; false when there was none. */
export const removeLink = async (db: Db, userId: string, organizationId: string) =>
	(
		await db
			.deleteFrom('sso_identities')
			.where('user_id', '=', userId)
			.where('organization_id', '=', organizationId)
			.executeTakeFirst()
	).numDeletedRows > 0n
