import { z } from '@hono/zod-openapi'
import { confirmEmail, findAccount } from '../account/repository.ts'
import { userAccount } from '../auth/accounts.ts'
import { openSignedIn } from '../auth/open-session.ts'
import type { Passwords } from '../platform/passwords.ts'
import { done, userLogin } from '../auth/schemas.ts'
import type { ApiDeps } from '../platform/context.ts'
import {
	ApiError,
	isUniqueViolation,
	validationError,
	type FieldError,
} from '../platform/errors.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import { createLoginLimits } from '../platform/rate-limit.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toUser } from '../users/present.ts'
import {
	authorizationUrl,
	exchangeCode,
	issuerProblem,
	providerDown,
	type ProviderSettings,
} from './provider.ts'
import { newDomainToken, provenElsewhere, verifyDomain } from './domains.ts'
import {
	deleteSsoSettings,
	domainsProvenElsewhere,
	findOrganizationByDomain,
	findSsoSettings,
	listDomainClaims,
	listLinks,
	removeLink,
	saveSsoSettings,
	type SsoSettingsRow,
} from './repository.ts'
import { toPublicSso, toSsoLink, toSsoSettings } from './present.ts'
import {
	authorization,
	linkNeeded,
	publicSsoAnswer,
	ssoAuthorize,
	ssoCallback,
	ssoLink,
	ssoLinksAnswer,
	ssoLookup,
	ssoSettingsAnswer,
	ssoSettingsChange,
	verifyDomainAnswer,
	verifyDomainRequest,
} from './schemas.ts'
import { openSecret, sealSecret } from './secret.ts'
import { consentToLink } from './links.ts'
import { linkNeeded as linkNeededText, resolveSignIn, signLink } from './sign-in.ts'

const NOT_OFFERED = 'This organization does not offer single sign-on.'
const NO_ORGANIZATION_FOR_DOMAIN =
	'No organization signs in with this email address. Log in with your password instead.'
const SECRET_NEEDED = 'Enter the client secret your identity provider gave you'
const NO_SUCH_LINK = 'No such linked sign-in'
const SETTINGS_SAVED = 'Single sign-on settings saved'

const CALLBACK_PATH = '/login/sso/callback'

/**
 * Single sign-on with an organization's own identity provider (issue 31, docs/decisions/040). The
 * API holds the client secret and does the code exchange itself, so a session opens only on an ID
 * token the API verified against the organization's settings, never on the app's word.
 */
export function ssoRoutes(deps: ApiDeps, passwords: Passwords) {
	const { db, config } = deps
	const requireAccount = accountGuard(deps)
	// The consent's password and code are throttled like a login's (decision 052).
	const loginLimits = createLoginLimits({ redis: deps.redis?.commands })
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
			publicOnly: config.production && !config.allowPrivateIssuers,
		}
	}

	const organizationOnly = requireAccount({ roles: ['organization'] })

	return new ApiRoutes(config, 'sso')
		.endpoint(
			{
				method: 'get',
				path: '/settings',
				operationId: 'getSsoSettings',
				summary: "The organization's single sign-on settings, or null",
				middleware: organizationOnly,
				responses: answers({ 200: ssoSettingsAnswer }),
			},
			async (c) => {
				const organizationId = c.get('account').id
				const [row, claims] = await Promise.all([
					findSsoSettings(db, organizationId),
					listDomainClaims(db, organizationId),
				])
				return c.json({ sso: row ? toSsoSettings(row, claims) : null }, 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/settings',
				operationId: 'saveSsoSettings',
				summary: "Saves the organization's identity provider (a blank secret keeps the stored one)",
				middleware: organizationOnly,
				request: { body: jsonBody(ssoSettingsChange) },
				responses: answers({ 200: done }),
			},
			async (c) => {
				const organizationId = c.get('account').id
				const change = c.req.valid('json')
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
				return c.json({ message: SETTINGS_SAVED }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/domains/verify',
				operationId: 'verifySsoDomain',
				summary:
					"Looks the domain's TXT record up now: found, the domain is proven and counts (decision 051)",
				middleware: organizationOnly,
				request: { body: jsonBody(verifyDomainRequest) },
				responses: answers({ 200: verifyDomainAnswer }),
			},
			async (c) => {
				const { domain } = c.req.valid('json')
				return c.json(await verifyDomain(deps, c.get('account').id, domain), 200)
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/settings',
				operationId: 'removeSsoSettings',
				summary: 'Turns single sign-on off; passwords only again (the domains stay claimed)',
				middleware: organizationOnly,
				responses: answers({ 200: done }),
			},
			async (c) => {
				await deleteSsoSettings(db, c.get('account').id)
				return c.json({ message: 'Single sign-on turned off' }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/organizations/{organizationId}',
				operationId: 'ssoOfOrganization',
				summary: "An organization's single sign-on, for its login page (404 if it offers none)",
				// Not a UUID check: an address typed by hand is an organization without it (404).
				request: { params: z.object({ organizationId: z.string() }) },
				responses: answers({ 200: publicSsoAnswer }),
			},
			async (c) => {
				const id = z.uuid().safeParse(c.req.valid('param').organizationId)
				if (!id.success) throw new ApiError(404, NOT_OFFERED)
				return c.json({ sso: toPublicSso(await settingsOf(id.data)) }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/lookup',
				operationId: 'ssoOfEmail',
				summary:
					'The organization that has proven the email domain an address is in, if it offers single sign-on',
				request: { query: ssoLookup },
				responses: answers({ 200: publicSsoAnswer }),
			},
			async (c) => {
				const { email } = c.req.valid('query')
				const domain = email.slice(email.indexOf('@') + 1)
				const organizationId = await findOrganizationByDomain(db, domain)
				const row = organizationId ? await findSsoSettings(db, organizationId) : undefined
				if (!row) throw new ApiError(404, NO_ORGANIZATION_FOR_DOMAIN)
				return c.json({ sso: toPublicSso(row) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/authorize',
				operationId: 'authorizeSso',
				summary: "The identity provider's sign-in address, with the checks the app keeps",
				request: { body: jsonBody(ssoAuthorize) },
				responses: answers({ 200: authorization }),
			},
			async (c) => {
				const { organizationId, ...checks } = c.req.valid('json')
				const row = await settingsOf(organizationId)
				return c.json({ url: await authorizationUrl(providerOf(row), redirectUri, checks) }, 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/callback',
				operationId: 'finishSso',
				summary: "The provider's answer: a session, or the account's password first (link)",
				request: { body: jsonBody(ssoCallback) },
				responses: answers({ 200: z.union([userLogin, linkNeeded]) }),
			},
			async (c) => {
				const { organizationId, query, ...checks } = c.req.valid('json')
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
					return c.json(
						{
							message: linkNeededText(organization),
							linkRequired: true as const,
							email: outcome.user.email,
							organizationName: organization.name,
							providerName: organization.providerName,
							join: outcome.join,
							linkToken,
						},
						200,
					)
				}
				const { user } = outcome
				const ref = { accountType: 'user' as const, accountId: user.id }
				// The school's provider vouched for this address, in a domain the school proved it
				// holds (decision 051); otherwise the address is as verified as it was.
				if (outcome.emailProven) await confirmEmail(db, ref, user.email)
				const emailVerified =
					outcome.emailProven || ((await findAccount(db, ref))?.emailVerified ?? false)
				// The school's own sign-in stands in for the platform's two-factor step (decision 040).
				return c.json(
					{
						message: 'Login successful',
						user: {
							...toUser(user),
							emailVerified,
							...(await openSignedIn(deps, c, 'user', userAccount(user))),
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/link',
				operationId: 'linkSso',
				summary:
					"The owner's consent: links the school's sign-in with the account's password (and code), and signs in",
				request: { body: jsonBody(ssoLink) },
				responses: answers({ 200: userLogin }),
			},
			async (c) =>
				c.json(await consentToLink(deps, passwords, loginLimits, c, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'get',
				path: '/links',
				operationId: 'getLinkedSignIns',
				summary: "The school sign-ins linked to the caller's account",
				middleware: requireAccount({ roles: ['student', 'tutor'] }),
				responses: answers({ 200: ssoLinksAnswer }),
			},
			async (c) => {
				const rows = await listLinks(db, c.get('account').id)
				return c.json({ links: rows.map(toSsoLink) }, 200)
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/links/{organizationId}',
				operationId: 'removeLinkedSignIn',
				summary: 'Removes a linked school sign-in: that provider no longer signs the account in',
				middleware: requireAccount({ roles: ['student', 'tutor'] }),
				request: { params: z.object({ organizationId: z.string() }) },
				responses: answers({ 200: done }),
			},
			async (c) => {
				const id = z.uuid().safeParse(c.req.valid('param').organizationId)
				if (!id.success || !(await removeLink(db, c.get('account').id, id.data))) {
					throw new ApiError(404, NO_SUCH_LINK)
				}
				return c.json({ message: 'The linked sign-in is removed' }, 200)
			},
		)
}
