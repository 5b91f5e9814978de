import type { Locale } from '../../contract/locales'
import { createHash } from 'node:crypto'
import { EncryptJWT, jwtDecrypt } from 'jose'
import { createCookie, createSession, type Session, type SessionStorage } from 'react-router'
import { cookieValue } from './cookie-header'
import type { Role } from './roles'
import { env } from './env.server'

/** What the app remembers about the signed-in account; tokens travel only encrypted in the cookie. */
export type SessionUser = {
	id: string
	role: Role
	name: string
	email: string
	organizationId: string | null
	/** False until the account's email address is verified (absent from backends that do not say: no banner). */
	emailVerified?: boolean
	/** A teacher whose organization requires two-factor sign-in, not yet set up: every page of the
	 * app sends them to the set-up until it is on (decision 037). */
	twoFactorSetupRequired?: boolean
	/** The account's language: its own setting, else its organization's default (decision 063). */
	locale?: Locale | null
}

export type SessionData = {
	user: SessionUser
	accessToken: string
	refreshToken: string
	/** Cookies the upstream set (the refresh token cookie), sent back on later upstream calls. */
	upstreamCookies: Record<string, string>
	/** Between a two-factor login's password and its code (decision 033): no session yet. */
	pendingSignIn?: PendingSignIn
	/** A school sign-in on its way (decision 040): its checks, until the provider sends the browser back. */
	ssoSignIn?: SsoSignIn
	/** A school sign-in that found an account of its owner's own: linked only if its owner consents
	 * on the consent page, with its password (decision 052). */
	ssoLink?: SsoLink
}

export type PendingSignIn = {
	challenge: string
	redirectTo: string
	/** When a request to turn two-factor off without a code takes effect, if one waits. */
	recoveryReadyAt?: string
}
export type SsoSignIn = {
	organizationId: string
	state: string
	nonce: string
	codeVerifier: string
	redirectTo: string
}
export type SsoLink = {
	linkToken: string
	email: string
	organizationName: string
	providerName: string
	/** Linking also makes the person a member of the organization. */
	join: boolean
}

const MAX_AGE = 60 * 60 * 24 * 7

const sessionCookie = createCookie('__session', {
	httpOnly: true,
	sameSite: 'lax',
	secure: env.secureCookies,
	path: '/',
	maxAge: MAX_AGE,
})

// The cookie's value is a JWE (dir, A256GCM) under a key derived from SESSION_SECRET: the tokens
// inside can be neither read nor changed by whoever holds the cookie (decisions/013).
const sessionKey = createHash('sha256').update(`session-cookie:${env.sessionSecret}`).digest()

async function seal(data: Partial<SessionData>): Promise<string> {
	return new EncryptJWT({ data })
		.setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
		.setIssuedAt()
		.setExpirationTime(Math.floor(Date.now() / 1000) + MAX_AGE)
		.encrypt(sessionKey)
}

async function unseal(value: unknown): Promise<Partial<SessionData>> {
	if (typeof value !== 'string' || !value) return {}
	try {
		const { payload } = await jwtDecrypt(value, sessionKey)
		return typeof payload.data === 'object' && payload.data !== null ? payload.data : {}
	} catch {
		// Tampered with, made under another secret, or expired: no session.
		return {}
	}
}

/** React Router's session interface over the encrypted cookie. */
export const sessionStorage: SessionStorage<SessionData> = {
	async getSession(cookieHeader) {
		return createSession(await unseal(await sessionCookie.parse(cookieHeader ?? null)))
	},
	async commitSession(session, options) {
		return sessionCookie.serialize(await seal(session.data), options)
	},
	async destroySession(_session, options) {
		return sessionCookie.serialize('', { ...options, maxAge: undefined, expires: new Date(0) })
	},
}

// Decrypting the cookie and decoding it parses a few kilobytes of JSON: a real share of a
// signed-in page's cost. The same browser sends the same cookie with every request until the
// session changes, so a cookie already opened is read from here (by its exact value) instead.
// Each request's session is its own (a change sets a new value, as React Router's sessions do);
// the values they start with are shared, and frozen: copying them was 1 % of a signed-in page.
// Opening a cookie costs 80-150 µs of CPU (Web Crypto's AES-GCM on the thread pool, the JSON, the
// copy). The busiest hour keeps 3,000 people active on one app, each back every 10 to 25 s: room
// for 1,000 cookies for a minute each opened nearly every cookie again on every request at that
// size, and once a minute per person at any size. Room for 5,000 for five minutes holds them all,
// about 3 KB each (decision 073). A cookie's own expiry is days, so five minutes bends nothing.
const VERIFIED_MAX = 5_000
const VERIFIED_MS = 5 * 60_000
const verified = new Map<string, { data: Session<SessionData>['data']; expiresAt: number }>()

/** The request's session, as `sessionStorage.getSession` reads it. */
export async function readSession(cookieHeader: string | null): Promise<Session<SessionData>> {
	const value = cookieValue(cookieHeader, '__session')
	const known = value ? verified.get(value) : undefined
	// The stored data is what a session read from this very cookie held (RR's own sessions start so).
	if (known && known.expiresAt > Date.now()) return createSession(known.data as SessionData)
	const session = await sessionStorage.getSession(cookieHeader)
	if (value && session.has('user')) {
		verified.delete(value)
		verified.set(value, {
			data: deepFreeze(structuredClone(session.data)),
			expiresAt: Date.now() + VERIFIED_MS,
		})
		for (const oldest of verified.keys()) {
			if (verified.size <= VERIFIED_MAX) break
			verified.delete(oldest)
		}
	}
	return session
}

/** `value`, and every object in it, made read-only: a session's value is replaced, never changed in place. */
function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const inner of Object.values(value)) deepFreeze(inner)
	}
	return value
}
