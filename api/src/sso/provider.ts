import * as oidc from 'openid-client'
import { ApiError } from '../platform/errors.ts'
import { isLoopback } from '../platform/loopback.ts'

/** What the API needs to reach an organization's identity provider. */
export type ProviderSettings = {
	organizationId: string
	providerName: string
	issuer: string
	clientId: string
	clientSecret: string
	/** Changes with every save: a new secret or issuer is discovered afresh. */
	version: string
}

/** The checks a sign-in started with, kept by the app in its sealed cookie until the callback. */
export type SignInChecks = { state: string; nonce: string; codeVerifier: string }

// Discovery (and, inside openid-client's Configuration, the provider's JWKS) is kept for an hour
// per organization and version of its settings; a failure is not kept, so a provider back up
// works at once.
const DISCOVERY_TTL_MS = 60 * 60 * 1000
const REQUEST_TIMEOUT_SECONDS = 10
const cache = new Map<string, { config: Promise<oidc.Configuration>; expiresAt: number }>()

export const providerDown = (providerName: string) =>
	`${providerName} cannot be reached right now. Try again later, or log in with your password.`
export const SIGN_IN_FAILED =
	'Your school sign-in could not be confirmed. Start again from the login page.'

/**
 * Plain http is for a provider on this machine only (a developer's or the tests'), and never in
 * production, where an organization could otherwise make the API call the machine's own services.
 */
export function issuerProblem(
	issuer: string,
	{ production }: { production: boolean },
): string | null {
	let url: URL
	try {
		url = new URL(issuer)
	} catch {
		return 'Enter the issuer URL, starting with https://'
	}
	if (url.protocol === 'https:') return null
	const loopback = isLoopback(url.hostname.replace(/^\[|\]$/g, ''))
	if (url.protocol === 'http:' && loopback && !production) return null
	return 'The issuer URL must start with https://'
}

/** A fetch that failed to reach the provider at all (refused, reset, timed out), or a 5xx. */
function isUnreachable(error: unknown) {
	if (error instanceof TypeError) return true
	if (error instanceof DOMException)
		return error.name === 'TimeoutError' || error.name === 'AbortError'
	return (
		error instanceof oidc.ClientError &&
		error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' &&
		error.cause instanceof Response &&
		error.cause.status >= 500
	)
}

function discover(settings: ProviderSettings) {
	const url = new URL(settings.issuer)
	return oidc
		.discovery(
			url,
			settings.clientId,
			settings.clientSecret,
			oidc.ClientSecretPost(settings.clientSecret),
			{
				timeout: REQUEST_TIMEOUT_SECONDS,
				...(url.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
			},
		)
		.then((config) => {
			// The ID token's signature is checked against the provider's JWKS, not only its issuer,
			// audience and times: the token is the proof the API acts on.
			oidc.enableNonRepudiationChecks(config)
			return config
		})
}

async function configurationOf(settings: ProviderSettings): Promise<oidc.Configuration> {
	const key = `${settings.organizationId}:${settings.version}`
	const cached = cache.get(key)
	if (cached && cached.expiresAt > Date.now()) return cached.config
	const config = discover(settings)
	cache.set(key, { config, expiresAt: Date.now() + DISCOVERY_TTL_MS })
	try {
		return await config
	} catch (error) {
		cache.delete(key)
		if (isUnreachable(error) || error instanceof oidc.ClientError) {
			throw new ApiError(503, providerDown(settings.providerName))
		}
		throw error
	}
}

/** The provider's authorization URL for a sign-in with these checks (PKCE S256, state, nonce). */
export async function authorizationUrl(
	settings: ProviderSettings,
	redirectUri: string,
	checks: { state: string; nonce: string; codeChallenge: string },
) {
	const config = await configurationOf(settings)
	return oidc.buildAuthorizationUrl(config, {
		redirect_uri: redirectUri,
		scope: 'openid email profile',
		response_type: 'code',
		code_challenge: checks.codeChallenge,
		code_challenge_method: 'S256',
		state: checks.state,
		nonce: checks.nonce,
	}).href
}

/** The claims of a verified ID token: who the provider says signed in. */
export type VerifiedClaims = {
	issuer: string
	subject: string
	email: string | null
	emailVerified: boolean
	firstName: string | null
	lastName: string | null
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * The callback's code exchanged at the provider's token endpoint with the PKCE verifier, its
 * `state` and the ID token's `nonce`, signature, issuer, audience and times checked, all by
 * openid-client. Anything wrong is one refusal; an unreachable provider is said as such.
 */
export async function exchangeCode(
	settings: ProviderSettings,
	callbackUrl: URL,
	checks: SignInChecks,
): Promise<VerifiedClaims> {
	const config = await configurationOf(settings)
	let claims: oidc.IDToken | undefined
	try {
		const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
			pkceCodeVerifier: checks.codeVerifier,
			expectedState: checks.state,
			expectedNonce: checks.nonce,
			idTokenExpected: true,
		})
		claims = tokens.claims()
	} catch (error) {
		if (isUnreachable(error)) {
			cache.delete(`${settings.organizationId}:${settings.version}`)
			throw new ApiError(503, providerDown(settings.providerName))
		}
		throw new ApiError(401, SIGN_IN_FAILED)
	}
	if (!claims) throw new ApiError(401, SIGN_IN_FAILED)
	const email = text(claims.email)?.toLowerCase() ?? null
	return {
		issuer: claims.iss,
		subject: claims.sub,
		email,
		emailVerified: claims.email_verified === true,
		firstName: text(claims.given_name),
		lastName: text(claims.family_name),
	}
}
