import { createCookieSessionStorage, createSession, type Session } from 'react-router'
import { cookieValue } from './cookie-header'
import type { Role } from './roles'
import { env } from './env.server'

/** What the app remembers about the signed-in account; tokens stay server-side in the cookie. */
export type SessionUser = {
	id: string
	role: Role
	name: string
	email: string
	organizationId: string | null
}

export type SessionData = {
	user: SessionUser
	accessToken: string
	refreshToken: string
	/** Cookies the upstream set (the refresh token cookie), sent back on later upstream calls. */
	upstreamCookies: Record<string, string>
}

export const sessionStorage = createCookieSessionStorage<SessionData>({
	cookie: {
		name: '__session',
		httpOnly: true,
		sameSite: 'lax',
		secure: env.secureCookies,
		path: '/',
		secrets: [env.sessionSecret],
		maxAge: 60 * 60 * 24 * 7,
	},
})

// Checking the cookie's signature imports a key and computes an HMAC, and decoding it parses a
// few kilobytes of JSON: a real share of a signed-in page's cost. The same browser sends the same
// cookie with every request until the session changes, so a cookie already verified is read from
// here (by its exact signed value) instead. Each request gets its own copy to change.
const VERIFIED_MAX = 1_000
const VERIFIED_MS = 60_000
const verified = new Map<string, { data: Session<SessionData>['data']; expiresAt: number }>()

/** The request's session, as `sessionStorage.getSession` reads it. */
export async function readSession(cookieHeader: string | null): Promise<Session<SessionData>> {
	const value = cookieValue(cookieHeader, '__session')
	const known = value ? verified.get(value) : undefined
	// The stored data is what a session read from this very cookie held (RR's own sessions start so).
	if (known && known.expiresAt > Date.now()) return createSession(structuredClone(known.data) as SessionData)
	const session = await sessionStorage.getSession(cookieHeader)
	if (value && session.has('user')) {
		verified.delete(value)
		verified.set(value, { data: structuredClone(session.data), expiresAt: Date.now() + VERIFIED_MS })
		for (const oldest of verified.keys()) {
			if (verified.size <= VERIFIED_MAX) break
			verified.delete(oldest)
		}
	}
	return session
}
