import { lookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
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
	/**
	 * Connect only to public addresses (production, unless SSO_ALLOW_PRIVATE_ISSUERS=1): checked
	 * on the address each connection is made to, so a name that resolves anew cannot point inside.
	 */
	publicOnly?: boolean
}

/** The checks a sign-in started with, kept by the app in its sealed cookie until the callback. */
export type SignInChecks = { state: string; nonce: string; codeVerifier: string }

// Discovery (and, inside openid-client's Configuration, the provider's JWKS) is kept for an hour
// per organization and version of its settings for the callback; each sign-in's start discovers
// afresh (one request to the provider), so a provider that stopped is said to be down rather than
// the browser sent to it (issue 38). A failure is not kept, so a provider back up works at once.
const DISCOVERY_TTL_MS = 60 * 60 * 1000
const REQUEST_TIMEOUT_SECONDS = 10
const cache = new Map<string, { config: Promise<oidc.Configuration>; expiresAt: number }>()

export const providerDown = (providerName: string) =>
	`${providerName} cannot be reached right now. Try again later, or log in with your password.`
export const SIGN_IN_FAILED =
	'Your school sign-in could not be confirmed. Start again from the login page.'

export const ISSUER_NOT_PUBLIC = 'The issuer URL must be a public address on the internet'
export const ISSUER_WITH_EXTRAS =
	'The issuer URL cannot have a user name, password, query (?) or fragment (#)'

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges. */
const notPublic = new BlockList()
for (const [network, prefix] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 3],
] as const)
	notPublic.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
	['::', 127],
	['64:ff9b::', 96],
	['100::', 64],
	['2001:db8::', 32],
	['fc00::', 7],
	['fe80::', 10],
	['fec0::', 10],
	['ff00::', 8],
] as const)
	notPublic.addSubnet(network, prefix, 'ipv6')

/** Whether an IP address is one anyone on the internet reaches (not this machine or its network). */
export function isPublicAddress(address: string): boolean {
	const family = isIP(address)
	if (family === 0) return false
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	if (mapped?.[1]) return !notPublic.check(mapped[1], 'ipv4')
	return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The issuer's URL as an organization may save it. Plain http is for a provider on this machine
 * only (a developer's or the tests'), and never in production, where an organization could
 * otherwise make the API call the machine's own services; for the same reason production refuses a
 * loopback, private or link-local host (`publicOnly`; a name is checked again at each connection).
 * A path is kept (Entra's `/<tenant>/v2.0`, Keycloak's `/realms/<name>`): discovery asks exactly
 * issuer + `/.well-known/openid-configuration`, as OpenID Connect Discovery says, and the answer
 * must name the same issuer. A query, fragment or credentials belong to no issuer identifier.
 */
export function issuerProblem(
	issuer: string,
	{
		production,
		allowPrivateIssuers = false,
	}: { production: boolean; allowPrivateIssuers?: boolean },
): string | null {
	let url: URL
	try {
		url = new URL(issuer)
	} catch {
		return 'Enter the issuer URL, starting with https://'
	}
	const host = url.hostname.replace(/^\[|\]$/g, '')
	const loopback = isLoopback(host)
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && !production))
		return 'The issuer URL must start with https://'
	if (url.username || url.password || url.search || url.hash || /[?#]/.test(issuer))
		return ISSUER_WITH_EXTRAS
	if (
		production &&
		!allowPrivateIssuers &&
		(isNamedLocal(host) || (isIP(host) && !isPublicAddress(host)))
	)
		return ISSUER_NOT_PUBLIC
	return null
}

/** Names that are this machine or its network by definition, whatever a resolver says. */
const isNamedLocal = (host: string) =>
	/(^|\.)(localhost|local|internal|home\.arpa)\.?$/i.test(host) ||
	(!isIP(host) && !host.includes('.'))

/** A lookup that answers only public addresses, so the socket connects to a checked one. */
const publicLookup = ((hostname, options, callback) => {
	lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
		if (error) return callback(error, '', 0)
		if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address)))
			return callback(
				Object.assign(new Error(`${hostname} is not a public address`), { code: 'ENOTPUBLIC' }),
				'',
				0,
			)
		if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses)
		const [first] = addresses as [LookupAddress]
		callback(null, first.address, first.family)
	})
}) as LookupFunction

/**
 * openid-client's fetch, over node:http(s) so each connection's address can be checked: with
 * `publicOnly`, a literal address must be public and a name must resolve to public addresses only
 * (the socket connects to the address checked, so DNS rebinding between check and use finds
 * nothing). A failure is a TypeError, as fetch's is: the provider cannot be reached.
 */
function providerFetch(publicOnly: boolean): oidc.CustomFetch {
	return (url, options) =>
		new Promise<Response>((resolve, reject) => {
			const target = new URL(url)
			const host = target.hostname.replace(/^\[|\]$/g, '')
			if (publicOnly && isIP(host) && !isPublicAddress(host))
				return reject(new TypeError(`${host} is not a public address`))
			const body = options.body === undefined ? undefined : String(options.body)
			const request = (target.protocol === 'https:' ? https : http).request(
				target,
				{
					method: options.method,
					headers: options.headers,
					signal: options.signal,
					...(publicOnly && { lookup: publicLookup }),
				},
				(response) => {
					const headers = new Headers()
					for (let index = 0; index < response.rawHeaders.length; index += 2)
						headers.append(response.rawHeaders[index] ?? '', response.rawHeaders[index + 1] ?? '')
					const status = response.statusCode ?? 502
					const empty = status === 204 || status === 304 || options.method === 'HEAD'
					if (empty) response.resume()
					resolve(
						new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
							status,
							statusText: response.statusMessage ?? '',
							headers,
						}),
					)
				},
			)
			request.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })))
			request.end(body)
		})
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
	const fetcher = providerFetch(settings.publicOnly ?? false)
	return oidc
		.discovery(
			url,
			settings.clientId,
			settings.clientSecret,
			oidc.ClientSecretPost(settings.clientSecret),
			{
				timeout: REQUEST_TIMEOUT_SECONDS,
				[oidc.customFetch]: fetcher,
				...(url.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
			},
		)
		.then((config) => {
			// The token and JWKS requests go through the same checked fetch.
			config[oidc.customFetch] = fetcher
			// The ID token's signature is checked against the provider's JWKS, not only its issuer,
			// audience and times: the token is the proof the API acts on.
			oidc.enableNonRepudiationChecks(config)
			return config
		})
}

async function configurationOf(
	settings: ProviderSettings,
	{ fresh = false } = {},
): Promise<oidc.Configuration> {
	const key = `${settings.organizationId}:${settings.version}`
	const cached = cache.get(key)
	const live = cached !== undefined && cached.expiresAt > Date.now()
	if (live && !fresh) return cached.config
	const discovered = discover(settings)
	if (!live) cache.set(key, { config: discovered, expiresAt: Date.now() + DISCOVERY_TTL_MS })
	try {
		const config = await discovered
		if (!live) return config
		// Rediscovered at a sign-in's start: the kept configuration (and the keys it holds) stays
		// while the provider says the same of itself.
		const kept = await cached.config.catch(() => null)
		if (kept && sameMetadata(kept, config)) return kept
		cache.set(key, { config: discovered, expiresAt: Date.now() + DISCOVERY_TTL_MS })
		return config
	} catch (error) {
		cache.delete(key)
		if (isUnreachable(error) || error instanceof oidc.ClientError) {
			throw new ApiError(503, providerDown(settings.providerName))
		}
		throw error
	}
}

const sameMetadata = (a: oidc.Configuration, b: oidc.Configuration) =>
	JSON.stringify(a.serverMetadata()) === JSON.stringify(b.serverMetadata())

/** The provider's authorization URL for a sign-in with these checks (PKCE S256, state, nonce). */
export async function authorizationUrl(
	settings: ProviderSettings,
	redirectUri: string,
	checks: { state: string; nonce: string; codeChallenge: string },
) {
	// Discovered afresh: the browser is sent to the provider only if it answers now.
	const config = await configurationOf(settings, { fresh: true })
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
