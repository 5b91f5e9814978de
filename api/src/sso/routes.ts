import { Hono } from 'hono'
import { z } from 'zod'
import { confirmEmail } from '../account/store.ts'
import { userAccount } from '../auth/accounts.ts'
import { openSignedIn } from '../auth/open-session.ts'
import type { Passwords } from '../auth/passwords.ts'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import {
	ApiError,
	isUniqueViolation,
	validationError,
	type FieldError,
} from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { accountGuard } from '../platform/require-account.ts'
import { validate } from '../platform/validation.ts'
import { toUser } from '../users/present.ts'
import { findUser } from '../users/repository.ts'
import {
	authorizationUrl,
	exchangeCode,
	issuerProblem,
	providerDown,
	SIGN_IN_FAILED,
	type ProviderSettings,
} from './provider.ts'
import {
	deleteSsoSettings,
	domainsTakenElsewhere,
	findOrganizationByDomain,
	findSsoSettings,
	linkIdentity,
	listSsoDomains,
	saveSsoSettings,
	type SsoSettingsRow,
} from './repository.ts'
import { ssoAuthorize, ssoCallback, ssoLink, ssoLookup, ssoSettingsChange } from './schemas.ts'
import { openSecret, sealSecret } from './secret.ts'
import { LINK_NEEDED, resolveSignIn, signLink, verifyLink } from './sign-in.ts'

const NOT_OFFERED = 'This organization does not offer single sign-on.'
const NO_ORGANIZATION_FOR_DOMAIN =
	'No organization signs in with this email address. Log in with your password instead.'
const SECRET_NEEDED = 'Enter the client secret your identity provider gave you'
const LINK_EXPIRED = 'Your school sign-in took too long. Sign in with your school again.'
const SETTINGS_SAVED = 'Single sign-on settings saved'

const CALLBACK_PATH = '/login/sso/callback'

/** What anyone may know of an organization's single sign-on: enough to offer its button. */
const toPublicSso = (row: SsoSettingsRow) => ({
	organizationId: row.organization_id,
	organizationName: row.organization_name,
	providerName: row.provider_name,
})

/**
 * Single sign-on with an organization's own identity provider (issue 31, docs/decisions/040). The
 * API holds the client secret and does the code exchange itself, so a session opens only on an ID
 * token the API verified against the organization's settings, never on the app's word.
 */
export function ssoRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const requireAccount = accountGuard(deps)
	// The provider sends the browser back to the app's page, which hands the answer on here.
	const redirectUri = `${config.publicUrl ?? 'http://localhost:3000'}${CALLBACK_PATH}`

	async function settingsOf(organizationId: string) {
		const row = await findSsoSettings(db, organizationId)
		if (!row) throw new ApiError(404, NOT_OFFERED)
		return row
	}

	function providerOf(row: SsoSettingsRow): ProviderSettings {
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
		}
	}

	return new Hono<ApiEnv>()
		.get('/settings', requireAccount({ roles: ['organization'] }), async (c) => {
			const organizationId = c.get('account').id
			const [row, domains] = await Promise.all([
				findSsoSettings(db, organizationId),
				listSsoDomains(db, organizationId),
			])
			return c.json({
				sso: row
					? {
							providerName: row.provider_name,
							issuer: row.issuer,
							clientId: row.client_id,
							// Never the secret itself: only that one is stored.
							hasClientSecret: true,
							domains,
							joinByDomain: row.join_by_domain,
							loginPath: `/login/sso/${row.organization_id}`,
						}
					: null,
			})
		})
		.put('/settings', requireAccount({ roles: ['organization'] }), async (c) => {
			const organizationId = c.get('account').id
			const change = await readJsonBody(c, ssoSettingsChange)
			const stored = await findSsoSettings(db, organizationId)
			const problems = [
				{ path: 'issuer', msg: issuerProblem(change.issuer, config) },
				{ path: 'clientSecret', msg: !stored && !change.clientSecret ? SECRET_NEEDED : null },
			].filter((problem): problem is FieldError => problem.msg !== null)
			if (problems.length > 0) throw validationError(problems)
			const taken = await domainsTakenElsewhere(db, organizationId, change.domains)
			const domainTaken = () =>
				new ApiError(409, 'Validation failed', [
					{
						path: 'domains',
						msg: `${taken[0] ?? 'A domain'} already signs in with another organization`,
					},
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
					domains: change.domains,
				})
			} catch (error) {
				if (isUniqueViolation(error)) throw domainTaken()
				throw error
			}
			return c.json({ message: SETTINGS_SAVED })
		})
		.delete('/settings', requireAccount({ roles: ['organization'] }), async (c) => {
			await deleteSsoSettings(db, c.get('account').id)
			return c.json({ message: 'Single sign-on turned off' })
		})
		.get('/organizations/:organizationId', async (c) => {
			// An address typed by hand (the shared link, mistyped) is an organization without it.
			const id = z.uuid().safeParse(c.req.param('organizationId'))
			if (!id.success) throw new ApiError(404, NOT_OFFERED)
			return c.json({ sso: toPublicSso(await settingsOf(id.data)) })
		})
		.get('/lookup', async (c) => {
			const { email } = validate(ssoLookup, c.req.query())
			const organizationId = await findOrganizationByDomain(db, email.slice(email.indexOf('@') + 1))
			const row = organizationId ? await findSsoSettings(db, organizationId) : undefined
			if (!row) throw new ApiError(404, NO_ORGANIZATION_FOR_DOMAIN)
			return c.json({ sso: toPublicSso(row) })
		})
		.post('/authorize', async (c) => {
			const { organizationId, ...checks } = await readJsonBody(c, ssoAuthorize)
			const row = await settingsOf(organizationId)
			return c.json({ url: await authorizationUrl(providerOf(row), redirectUri, checks) })
		})
		.post('/callback', async (c) => {
			const { organizationId, query, ...checks } = await readJsonBody(c, ssoCallback)
			const row = await settingsOf(organizationId)
			const callbackUrl = new URL(redirectUri)
			callbackUrl.search = query.replace(/^\?/, '')
			const claims = await exchangeCode(providerOf(row), callbackUrl, checks)
			const organization = {
				id: row.organization_id,
				name: row.organization_name,
				providerName: row.provider_name,
				joinByDomain: row.join_by_domain,
			}
			const outcome = await resolveSignIn(db, passwords, organization, claims)
			if (outcome.kind === 'link-needed') {
				const linkToken = await signLink(
					{
						userId: outcome.user.id,
						issuer: claims.issuer,
						subject: claims.subject,
						organizationId: organization.id,
						join: outcome.join,
					},
					config.jwtSecret,
				)
				// A step remains, as with a two-factor login's challenge: no session yet.
				return c.json({
					message: LINK_NEEDED,
					linkRequired: true,
					email: outcome.user.email,
					linkToken,
				})
			}
			const { user } = outcome
			const ref = { accountType: 'user' as const, accountId: user.id }
			// The school's provider vouched for this address, in one of the school's domains.
			await confirmEmail(db, ref, user.email)
			// The school's own sign-in stands in for the platform's two-factor step (decision 040).
			return c.json({
				message: 'Login successful',
				user: {
					...toUser(user),
					emailVerified: true,
					...(await openSignedIn(deps, c, 'user', userAccount(user))),
				},
			})
		})
		.post('/link', requireAccount({ roles: ['student', 'tutor'] }), async (c) => {
			const { linkToken } = await readJsonBody(c, ssoLink)
			const account = c.get('account')
			const link = await verifyLink(linkToken, config.jwtSecret)
			if (!link) throw new ApiError(400, LINK_EXPIRED)
			if (link.userId !== account.id) throw new ApiError(403, SIGN_IN_FAILED)
			const user = await findUser(db, account.id)
			const member = user?.organization_id === link.organizationId
			if (!user || (!member && !(link.join && user.organization_id === null))) {
				throw new ApiError(403, SIGN_IN_FAILED)
			}
			await linkIdentity(db, { ...link, userId: user.id }, { join: !member })
			return c.json({ message: 'Your school sign-in is linked to your account' })
		})
}
