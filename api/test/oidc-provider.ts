import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

// A real OpenID provider on loopback for the single sign-on tests (issue 31): `oidc-provider`, the
// certified implementation, with one client for the app and test accounts signed in through its own
// development login page (any password). `tamper` rewrites the claims of the next ID tokens it
// hands out and signs them again with the provider's own key, so a token with a wrong audience or
// an expiry in the past arrives with a valid signature: only the claim check can refuse it.

export type ProviderAccount = {
	email?: string
	email_verified?: boolean
	given_name?: string
	family_name?: string
}

export type TestProvider = {
	issuer: string
	clientId: string
	clientSecret: string
	accounts: Map<string, ProviderAccount>
	/** The path of every request the provider served, in order. */
	served: string[]
	/** Rewrites the claims of every ID token the token endpoint answers until set to null. */
	tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null
	close: () => Promise<void>
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url')

function resign(
	idToken: string,
	key: KeyObject,
	change: (claims: Record<string, unknown>) => Record<string, unknown>,
) {
	const [header = '', payload = ''] = idToken.split('.')
	const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
	const signingInput = `${header}.${base64url(JSON.stringify(claims))}`
	return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`
}

/** Starts the provider on 127.0.0.1 (a free port unless `port` is given) for an app at `appUrl`. */
export async function startProvider({
	appUrl,
	port = 0,
	clientId = 'tutorhub',
	clientSecret = randomBytes(24).toString('base64url'),
	emailLogins = false,
}: {
	appUrl: string
	port?: number
	clientId?: string
	clientSecret?: string
	/** A login that is an email address and no account of `accounts` signs in with that address. */
	emailLogins?: boolean
}): Promise<TestProvider> {
	const server: Server = createServer()
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
	const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }
	const accounts = new Map<string, ProviderAccount>()
	const provider = new Provider(issuer, {
		clients: [
			{
				client_id: clientId,
				client_secret: clientSecret,
				redirect_uris: [`${appUrl}/login/sso/callback`],
				grant_types: ['authorization_code'],
				response_types: ['code'],
				token_endpoint_auth_method: 'client_secret_post',
			},
		],
		jwks: { keys: [jwk] },
		cookies: { keys: [randomBytes(16).toString('hex')] },
		claims: {
			openid: ['sub'],
			email: ['email', 'email_verified'],
			profile: ['given_name', 'family_name'],
		},
		// The claims go into the ID token itself, which is what the app's relying party reads.
		conformIdTokenClaims: false,
		features: { devInteractions: { enabled: true } },
		// Lifetimes set (a test's sign-in lasts minutes), so the provider does not warn of defaults.
		ttl: {
			AccessToken: 600,
			AuthorizationCode: 60,
			Grant: 600,
			IdToken: 600,
			Interaction: 600,
			Session: 600,
		},
		async findAccount(_ctx, sub) {
			const byEmail = emailLogins && sub.includes('@') ? { email: sub, email_verified: true } : {}
			return { accountId: sub, claims: () => ({ sub, ...(accounts.get(sub) ?? byEmail) }) }
		},
		// The app is the school's own client: no consent screen after the login.
		async loadExistingGrant(ctx) {
			const accountId = ctx.oidc.session?.accountId
			if (!ctx.oidc.client || !accountId) return undefined
			const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId })
			grant.addOIDCScope('openid email profile')
			await grant.save()
			return grant
		},
	})
	const state: TestProvider = {
		issuer,
		clientId,
		clientSecret,
		accounts,
		served: [],
		tamper: null,
		async close() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
	provider.use(async (ctx, next) => {
		state.served.push(ctx.path)
		await next()
		const body = ctx.body as { id_token?: string } | undefined
		if (ctx.path === '/token' && state.tamper && typeof body?.id_token === 'string') {
			ctx.body = { ...body, id_token: resign(body.id_token, privateKey, state.tamper) }
		}
	})
	server.on('request', provider.callback())
	return state
}

/** A tiny cookie jar: the provider's interaction cookies between its pages. */
function jar() {
	const cookies = new Map<string, string>()
	return {
		header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
		take(response: Response) {
			for (const line of response.headers.getSetCookie()) {
				const [pair = ''] = line.split(';')
				const at = pair.indexOf('=')
				cookies.set(pair.slice(0, at), pair.slice(at + 1))
			}
		},
	}
}

/**
 * What a browser does at the provider: opens the authorization URL, signs in on the login page as
 * `login`, and follows the redirects until the provider sends it back to the app; answers that
 * address (the app's callback with `code`, `state` and `iss`).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
	const cookies = jar()
	let url = new URL(authorizationUrl)
	let form: URLSearchParams | null = null
	for (let hop = 0; hop < 10; hop++) {
		const response = await fetch(url, {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: {
				cookie: cookies.header(),
				...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
			},
			body: form ?? undefined,
		})
		cookies.take(response)
		form = null
		const location = response.headers.get('location')
		if (location) {
			const next = new URL(location, url)
			if (next.origin !== url.origin && !next.pathname.startsWith('/interaction')) return next
			url = next
			continue
		}
		await response.text()
		if (url.pathname.startsWith('/interaction/')) {
			form = new URLSearchParams({ prompt: 'login', login, password: 'any' })
			continue
		}
		throw new Error(`the provider answered ${response.status} at ${url.pathname}`)
	}
	throw new Error('the provider kept redirecting')
}
