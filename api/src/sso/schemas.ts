import { z } from '@hono/zod-openapi'
import { ssoSettingsFields } from '../../../contract/sso.ts'
import { body, email, requiredText, builtText } from '../platform/validation.ts'

export const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
const MAX_DOMAINS = 50

/** Domains as a list or as text separated by commas, spaces or lines; each a plain host name. */
const domains = z
	.union([z.array(z.string()), z.string()], { error: 'Enter the email domains, e.g. school.edu' })
	.transform((value) =>
		(Array.isArray(value) ? value : value.split(/[\s,;]+/))
			.map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
			.filter(Boolean),
	)
	.pipe(
		z
			.array(z.string())
			.min(1, 'Enter at least one email domain, e.g. school.edu')
			.max(MAX_DOMAINS, builtText('Enter at most {max} email domains', { max: MAX_DOMAINS }))
			.superRefine((list, ctx) => {
				const wrong = list.find((domain) => !DOMAIN.test(domain))
				if (wrong) ctx.addIssue({ code: 'custom', message: `"${wrong}" is not an email domain` })
			})
			.transform((list) => [...new Set(list)]),
	)

/** PUT /sso/settings: the organization's identity provider. A blank secret keeps the stored one. */
export const ssoSettingsChange = body({
	providerName: requiredText('Provider name', 100),
	// Kept as typed: discovery checks the provider names itself exactly so. Whether plain http is
	// allowed depends on the setting (issuerProblem), so the route checks the scheme.
	issuer: requiredText('Issuer URL', 500),
	clientId: requiredText('Client ID', 500),
	clientSecret: z
		.string({ error: 'Client secret must be text' })
		.trim()
		.max(2000, 'Client secret must be at most 2000 characters')
		.optional()
		.transform((value) => value || undefined),
	domains,
	joinByDomain: z.boolean({ error: 'joinByDomain must be true or false' }).default(false),
})

export const ssoLookup = z.object({ email })

/** POST /sso/domains/verify: one of the organization's claimed domains. */
export const verifyDomainRequest = body({
	domain: z
		.string({ error: 'Enter the email domain, e.g. school.edu' })
		.trim()
		.toLowerCase()
		.max(253, 'Enter the email domain, e.g. school.edu')
		.regex(DOMAIN, 'Enter the email domain, e.g. school.edu'),
})

export const verifyDomainAnswer = z.object({ message: z.string() })

const check = (name: string) =>
	z
		.string({ error: builtText('{name} is required', { name }) })
		.min(16, builtText('{name} is too short', { name }))
		.max(200, builtText('{name} is too long', { name }))

/** POST /sso/authorize: the checks the app made and keeps (openid-client's random values). */
export const ssoAuthorize = body({
	organizationId: z.uuid({ error: 'Unknown organization' }),
	state: check('state'),
	nonce: check('nonce'),
	codeChallenge: check('codeChallenge'),
})

/** POST /sso/callback: the provider's answer as the browser brought it, and the kept checks. */
export const ssoCallback = body({
	organizationId: z.uuid({ error: 'Unknown organization' }),
	query: z.string({ error: 'query is required' }).max(8000, 'query is too long'),
	state: check('state'),
	nonce: check('nonce'),
	codeVerifier: check('codeVerifier'),
})

/** POST /sso/link: the owner's consent, with the account's password (and code, if two-factor is on). */
export const ssoLink = body({
	linkToken: z.string({ error: 'linkToken is required' }).min(1).max(2000),
	password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
	code: z.string({ error: 'code must be text' }).max(40).optional(),
})

/** GET /sso/links: the school sign-ins linked to the caller's account. */
export const ssoLinksAnswer = z.object({
	links: z.array(
		z
			.object({
				organizationId: z.string(),
				organizationName: z.string(),
				providerName: z.string(),
				linkedAt: z.string(),
			})
			.openapi('SsoLink'),
	),
})

export const ssoSettings = z.object(ssoSettingsFields).openapi('SsoSettings')

/** GET /sso/settings: null while the organization has none. */
export const ssoSettingsAnswer = z.object({ sso: z.union([ssoSettings, z.null()]) })

/** What anyone may know of an organization's single sign-on: enough to offer its button. */
export const publicSso = z
	.object({ organizationId: z.string(), organizationName: z.string(), providerName: z.string() })
	.openapi('PublicSso')

export const publicSsoAnswer = z.object({ sso: publicSso })

/** Where the browser goes to sign in at the organization's identity provider. */
export const authorization = z.object({ url: z.url() })

/**
 * The provider vouched for an existing account not yet linked: its owner chooses, with its
 * password, on a page naming the organization and provider (then POST /sso/link).
 */
export const linkNeeded = z
	.object({
		message: z.string(),
		linkRequired: z.literal(true),
		email: z.string(),
		organizationName: z.string(),
		providerName: z.string(),
		/** Linking also makes the person a member of the organization. */
		join: z.boolean(),
		linkToken: z.string(),
	})
	.openapi('SsoLinkNeeded')
