import { sql } from 'kysely'
import type { Db } from '../db.ts'

// The only SQL of single sign-on: organizations' provider settings, their claims to email domains
// (proven or not, decision 051), and the provider accounts linked to ours.

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

/** An organization's claims to email domains, proven or not (decision 051). */
export const listDomainClaims = (db: Db, organizationId: string) =>
	db
		.selectFrom('organization_domains')
		.select(['id', 'domain', 'token', 'verified_at', 'checked_at', 'failed_checks'])
		.where('organization_id', '=', organizationId)
		.orderBy('domain')
		.execute()

export type DomainClaimRow = Awaited<ReturnType<typeof listDomainClaims>>[number]

/** The domains the organization has proven: the only ones that count. */
export const listProvenDomains = async (db: Db, organizationId: string) =>
	(
		await db
			.selectFrom('organization_domains')
			.select('domain')
			.where('organization_id', '=', organizationId)
			.where('verified_at', 'is not', null)
			.orderBy('domain')
			.execute()
	).map((row) => row.domain)

/** The organization that has proven this domain, if any. */
export const findOrganizationByDomain = async (db: Db, domain: string) =>
	(
		await db
			.selectFrom('organization_domains')
			.select('organization_id')
			.where('domain', '=', domain)
			.where('verified_at', 'is not', null)
			.executeTakeFirst()
	)?.organization_id

/** Which of these domains another organization has proven (an unproven claim blocks nobody). */
export const domainsProvenElsewhere = async (db: Db, organizationId: string, domains: string[]) =>
	domains.length === 0
		? []
		: (
				await db
					.selectFrom('organization_domains')
					.select('domain')
					.where('domain', 'in', domains)
					.where('organization_id', '<>', organizationId)
					.where('verified_at', 'is not', null)
					.execute()
			).map((row) => row.domain)

export const findDomainClaim = (db: Db, organizationId: string, domain: string) =>
	db
		.selectFrom('organization_domains')
		.select(['id', 'domain', 'token', 'verified_at', 'checked_at', 'failed_checks'])
		.where('organization_id', '=', organizationId)
		.where('domain', '=', domain)
		.executeTakeFirst()

/**
 * The claim is proven: it counts from now on, and every other organization's unproven claim to
 * the domain is released (the contest is over). False when another organization proved it first.
 */
export const markDomainProven = (db: Db, claim: { id: string; domain: string }, now: Date) =>
	db.transaction().execute(async (trx) => {
		const proven = await trx
			.selectFrom('organization_domains')
			.select('id')
			.where('domain', '=', claim.domain)
			.where('verified_at', 'is not', null)
			.where('id', '<>', claim.id)
			.executeTakeFirst()
		if (proven) return false
		await trx
			.updateTable('organization_domains')
			.set({ verified_at: now, checked_at: now, failed_checks: 0 })
			.where('id', '=', claim.id)
			.execute()
		await trx
			.deleteFrom('organization_domains')
			.where('domain', '=', claim.domain)
			.where('id', '<>', claim.id)
			.where('verified_at', 'is', null)
			.execute()
		return true
	})

/** An unproven claim was looked for and its record not found: when, for the settings page. */
export const markDomainChecked = (db: Db, claimId: string, now: Date) =>
	db
		.updateTable('organization_domains')
		.set({ checked_at: now })
		.where('id', '=', claimId)
		.execute()

/** Proven claims last checked before `before` (never the demo's), oldest first. */
export const provenClaimsDue = (db: Db, before: Date, limit: number) =>
	db
		.selectFrom('organization_domains')
		.select(['id', 'organization_id', 'domain', 'token', 'checked_at'])
		.where('verified_at', 'is not', null)
		.where('proof', '=', 'dns')
		.where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', before)]))
		.orderBy('checked_at')
		.limit(limit)
		.execute()

/**
 * A re-check of a proven claim: found, it starts counting failures afresh; not found, one more
 * failure, and at `releaseAt` failures in a row the claim is released (unproven again). Answers
 * whether it is still proven.
 */
export const recordRecheck = async (
	db: Db,
	claimId: string,
	found: boolean,
	now: Date,
	releaseAt: number,
	/** The check this one follows, as read: another process that re-checked first wins. */
	after?: Date | null,
) => {
	const row = await db
		.updateTable('organization_domains')
		.set(
			found
				? { checked_at: now, failed_checks: 0 }
				: {
						checked_at: now,
						failed_checks: sql<number>`failed_checks + 1`,
						verified_at: sql<Date | null>`CASE WHEN failed_checks + 1 >= ${releaseAt} THEN NULL ELSE verified_at END`,
					},
		)
		.where('id', '=', claimId)
		.where('verified_at', 'is not', null)
		.$if(after !== undefined, (query) =>
			query.where((eb) => (after ? eb('checked_at', '=', after) : eb('checked_at', 'is', null))),
		)
		.returning('verified_at')
		.executeTakeFirst()
	// Not updated (released meanwhile, or re-checked by another process): as it stands now.
	if (!row && after !== undefined) {
		const current = await db
			.selectFrom('organization_domains')
			.select('verified_at')
			.where('id', '=', claimId)
			.executeTakeFirst()
		return current?.verified_at != null
	}
	return row?.verified_at != null
}

export type SsoSettingsChange = {
	providerName: string
	issuer: string
	clientId: string
	/** Absent: the stored secret stays. */
	clientSecretSealed?: string
	joinByDomain: boolean
	/** The domains claimed, each with a fresh token used only if the claim is new. */
	domains: { domain: string; token: string }[]
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
		// A domain left off the list is released; one kept keeps its token and whether it is proven.
		const kept = change.domains.map((claim) => claim.domain)
		await trx
			.deleteFrom('organization_domains')
			.where('organization_id', '=', organizationId)
			.$if(kept.length > 0, (query) => query.where('domain', 'not in', kept))
			.execute()
		if (change.domains.length > 0) {
			await trx
				.insertInto('organization_domains')
				.values(
					change.domains.map((claim) => ({
						organization_id: organizationId,
						domain: claim.domain,
						token: claim.token,
					})),
				)
				.onConflict((oc) => oc.columns(['organization_id', 'domain']).doNothing())
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
