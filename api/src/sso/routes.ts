import { sayAnswer } from '../platform/i18n.ts'
import { z } from '@hono/zod-openapi'
import { done, userLogin } from '../auth/schemas.ts'
import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes, jsonBody } from '../platform/openapi.ts'
import type { Passwords } from '../platform/passwords.ts'
import { createLoginLimits } from '../platform/rate-limit.ts'
import { accountGuard } from '../platform/require-account.ts'
import { finishSignIn, startSignIn } from './callback.ts'
import { verifyDomain } from './domains.ts'
import { consentToLink } from './links.ts'
import { toSsoLink, toSsoSettings } from './present.ts'
import { deleteSsoSettings, findSsoSettings, listDomainClaims, listLinks } from './repository.ts'
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
import {
	NO_ORGANIZATION_FOR_DOMAIN,
	NO_SUCH_LINK,
	NOT_OFFERED,
	PROVIDER_REFUSALS,
	publicSsoOf,
	removeLinkOf,
	saveSettings,
	SECRET_NEEDED,
	ssoOfEmail,
} from './settings.ts'

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

	const organizationOnly = requireAccount({ roles: ['organization'] })

	return new ApiRoutes(config, 'sso')
		.endpoint(
			{
				method: 'get',
				path: '/settings',
				operationId: 'getSsoSettings',
				summary: "The organization's single sign-on settings, or null",
				middleware: organizationOnly,
				description:
					"The organization: its provider's settings (never the secret), its domain claims with each one's TXT record `tutorhub-verification=<token>` and status (`pending` or `verified`, released after 3 failed daily checks), `joinByDomain` and its `loginPath`; `{ sso: null }` when it has none. The protocol (OpenID Connect with openid-client: discovery, PKCE S256, `state`, `nonce`, the ID token's checks) is in decision 040; the redirect URI is `PUBLIC_URL` + `/login/sso/callback`.",
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
				description:
					'The organization saves its identity provider (`domains`: a list, or text separated by commas or spaces; an empty secret keeps the stored one). A new domain is claimed pending with its own token; a domain left off is released; one kept keeps its token and status. An unproven claim blocks nobody.',
				responses: answers(
					{ 200: done },
					{
						400: [
							{ path: 'issuer', msg: 'Enter the issuer URL, starting with https://' },
							{ path: 'issuer', msg: 'The issuer URL must start with https://' },
							{
								path: 'issuer',
								msg: 'The issuer URL cannot have a user name, password, query (?) or fragment (#)',
							},
							{ path: 'issuer', msg: 'The issuer URL must be a public address on the internet' },
							{ path: 'clientSecret', msg: SECRET_NEEDED },
						],
						409: { path: 'domains', msg: '<domain> already signs in with another organization' },
					},
				),
			},
			async (c) => {
				const change = c.req.valid('json')
				return c.json(
					sayAnswer(
						await saveSettings(deps, c.get('account').id, change),
						c.req.header('Accept-Language'),
					),
					200,
				)
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
				description:
					"The organization proves one of its claimed domains: the API looks its TXT records up now (`DNS_SERVERS`, else the system's resolver) and, when one is `tutorhub-verification=<the claim's token>`, answers `<domain> is verified: addresses in it now sign in with your provider` and releases every other organization's unproven claim to it. Only a proven domain counts: the lookup, the provider's email match, joining by domain. Proven domains are looked up again daily (decision 051).",
				responses: answers(
					{ 200: verifyDomainAnswer },
					{
						400: {
							path: 'domain',
							msg: 'We could not find the TXT record for <domain> yet. Check that it is published exactly as shown, at <domain> itself, then try again: DNS changes can take up to an hour to be seen.',
						},
						404: 'Add this domain to your single sign-on settings first',
						409: { path: 'domain', msg: '<domain> already signs in with another organization' },
						503: 'We could not ask DNS about <domain> right now. Try again in a few minutes.',
					},
				),
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
				description:
					'The organization turns single sign-on off: passwords only again. Its domains stay claimed, proven ones proven.',
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
				description: "Anyone, no token: the organization's name and provider, for its login page.",
				responses: answers({ 200: publicSsoAnswer }, { 404: NOT_OFFERED }),
			},
			async (c) => {
				const { organizationId } = c.req.valid('param')
				return c.json(await publicSsoOf(db, organizationId), 200)
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
				description:
					'Anyone, no token: the organization that has proven the domain of `email`, if it offers single sign-on.',
				responses: answers(
					{ 200: publicSsoAnswer },
					{
						404: NO_ORGANIZATION_FOR_DOMAIN,
					},
				),
			},
			async (c) => {
				return c.json(await ssoOfEmail(db, c.req.valid('query').email), 200)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/authorize',
				operationId: 'authorizeSso',
				summary: "The identity provider's sign-in address, with the checks the app keeps",
				request: { body: jsonBody(ssoAuthorize) },
				description:
					"Anyone, no token: the provider's authorization URL for the caller's `state`, `nonce` and PKCE `codeChallenge`, which the caller keeps and hands back to the callback.",
				responses: answers({ 200: authorization }, PROVIDER_REFUSALS),
			},
			async (c) => c.json(await startSignIn(deps, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/callback',
				operationId: 'finishSso',
				summary: "The provider's answer: a session, or the account's password first (link)",
				request: { body: jsonBody(ssoCallback) },
				description:
					"Anyone, no token: the provider's answer (`query`: the callback's query string as the browser brought it) with the caller's checks. Answers as `POST /auth/login` (a session and its cookie; no two-factor step), or, for an account its owner made, or one whose email or organization changed since it was made, `{ message, linkRequired: true, email, organizationName, providerName, join, linkToken }` and no session: the owner's consent comes first (`POST /sso/link`; `join`: linking also makes them a member; decision 052). The address counts as verified only when the provider's verified email is the account's, in a proven domain. 401 covers a wrong state, a replayed code, and an ID token expired, for another audience, badly signed or with the wrong nonce.",
				responses: answers(
					{ 200: z.union([userLogin, linkNeeded]) },
					{
						401: 'Your school sign-in could not be confirmed. Start again from the login page.',
						403: [
							"Your <provider> account is not on <organization>'s list of members, so it cannot sign in here. Ask <organization> to add you, then sign in again.",
							'<provider> did not give a verified email address that <organization> signs in with.',
						],
						...PROVIDER_REFUSALS,
					},
				),
			},
			async (c) => c.json(await finishSignIn(deps, passwords, c, c.req.valid('json')), 200),
		)
		.endpoint(
			{
				method: 'post',
				path: '/link',
				operationId: 'linkSso',
				summary:
					"The owner's consent: links the school's sign-in with the account's password (and code), and signs in",
				request: { body: jsonBody(ssoLink) },
				description:
					"Anyone holding the callback's `linkToken` (within 15 minutes) consents with the account's password, and `code` (the authenticator's or a recovery code) when the account has two-factor on: the school sign-in is linked (and the account joins, with `join`), the account is mailed, and the answer is `POST /auth/login`'s with `message: \"<organization>'s <provider> sign-in is linked to your account\"`. Throttled like a login. A change of the account's email or organization later ends its links.",
				responses: answers(
					{ 200: userLogin },
					{
						400: [
							'Your school sign-in took too long. Sign in with your school again.',
							{ path: 'password', msg: 'That password is not right.' },
							{
								path: 'code',
								msg: 'Your account has two-factor sign-in on: enter the code from your authenticator app.',
							},
							{
								path: 'code',
								msg: 'That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.',
							},
						],
						403: 'Your school sign-in could not be confirmed. Start again from the login page.',
						429: 'Too many failed login attempts. Try again in <time>.',
					},
				),
			},
			async (c) =>
				c.json(
					sayAnswer(
						await consentToLink(deps, passwords, loginLimits, c, c.req.valid('json')),
						c.req.header('Accept-Language'),
					),
					200,
				),
		)
		.endpoint(
			{
				method: 'get',
				path: '/links',
				operationId: 'getLinkedSignIns',
				summary: "The school sign-ins linked to the caller's account",
				middleware: requireAccount({ roles: ['student', 'tutor'] }),
				description: 'A student or a teacher: the school sign-ins that may sign their account in.',
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
				description:
					'A student or a teacher removes a linked school sign-in: that provider no longer signs the account in (the membership stays).',
				responses: answers({ 200: done }, { 404: NO_SUCH_LINK }),
			},
			async (c) => {
				const { organizationId } = c.req.valid('param')
				return c.json(
					sayAnswer(
						await removeLinkOf(db, c.get('account').id, organizationId),
						c.req.header('Accept-Language'),
					),
					200,
				)
			},
		)
}
