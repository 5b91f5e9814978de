import { t } from '@lingui/core/macro'
import type { Upstream } from '~/platform/upstream.server'
import {
	authorizationSchema,
	linkedSchema,
	messageSchema,
	publicSsoSchema,
	ssoSettingsSchema,
	ssoSignInSchema,
} from './schema'

// The single sign-on calls of the reference API (api/README.md), each with its fallback text.

const unavailable = () => t`Single sign-on is unavailable right now. Log in with your password.`

export const ssoOfOrganization = (api: Upstream, organizationId: string) =>
	api.get(`/sso/organizations/${encodeURIComponent(organizationId)}`, {
		schema: publicSsoSchema,
		fallback: unavailable(),
	})

export const ssoOfEmail = (api: Upstream, email: string) =>
	api.get('/sso/lookup', { query: { email }, schema: publicSsoSchema, fallback: unavailable() })

export const authorizeSso = (
	api: Upstream,
	request: { organizationId: string; state: string; nonce: string; codeChallenge: string },
) =>
	api.send('POST', '/sso/authorize', {
		json: request,
		schema: authorizationSchema,
		fallback: unavailable(),
	})

export const finishSso = (
	api: Upstream,
	request: {
		organizationId: string
		query: string
		state: string
		nonce: string
		codeVerifier: string
	},
) =>
	api.send('POST', '/sso/callback', {
		json: request,
		schema: ssoSignInSchema,
		fallback: unavailable(),
	})

/** The owner's consent: links with the account's password (and code), and signs in. */
export const linkSso = (
	api: Upstream,
	consent: { linkToken: string; password: string; code?: string },
) =>
	api.send('POST', '/sso/link', {
		json: consent,
		schema: linkedSchema,
		fallback: t`Could not link your school sign-in. Try again.`,
	})

export const getSsoSettings = (api: Upstream) =>
	api.get('/sso/settings', {
		schema: ssoSettingsSchema,
		// Fresh each time: a Verify that found no record changed when the domain was last checked.
		fresh: true,
		fallback: t`Could not load the single sign-on settings`,
	})

export const saveSsoSettings = (
	api: Upstream,
	settings: {
		providerName: string
		issuer: string
		clientId: string
		clientSecret?: string
		domains: string
		joinByDomain: boolean
	},
) =>
	api.send('PUT', '/sso/settings', {
		json: settings,
		schema: messageSchema,
		fallback: t`Could not save the single sign-on settings`,
	})

export const removeSsoSettings = (api: Upstream) =>
	api.send('DELETE', '/sso/settings', {
		schema: messageSchema,
		fallback: t`Could not turn single sign-on off`,
	})

/** Looks the domain's TXT record up now: found, the domain is proven (decision 051). */
export const verifySsoDomain = (api: Upstream, domain: string) =>
	api.send('POST', '/sso/domains/verify', {
		json: { domain },
		schema: messageSchema,
		fallback: t`Could not verify the domain`,
	})
