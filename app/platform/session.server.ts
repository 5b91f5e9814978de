import { createCookieSessionStorage } from 'react-router'
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
