import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ApiConfig } from '../platform/context.ts'
import { isLoopback } from '../platform/loopback.ts'

const NAME = 'refreshToken'

/** The app's public origin is plain http on this machine (a local run): the one case without Secure. */
function localPlainHttp(publicUrl = 'http://localhost:3000') {
	const { protocol, hostname } = new URL(publicUrl)
	return protocol === 'http:' && isLoopback(hostname.replace(/^\[|\]$/g, ''))
}

// Secure unless the public origin is plain http on localhost, whatever NODE_ENV says: a cookie
// sent over http to a public host is readable on the way.
const attributes = (config: ApiConfig) =>
	({
		path: '/api/v1/auth',
		httpOnly: true,
		sameSite: 'Lax',
		secure: !localPlainHttp(config.publicUrl),
	}) as const

export const setRefreshCookie = (c: Context, token: string, config: ApiConfig) =>
	setCookie(c, NAME, token, { ...attributes(config), maxAge: config.refreshTokenTtl })

export const clearRefreshCookie = (c: Context, config: ApiConfig) =>
	deleteCookie(c, NAME, attributes(config))

export const readRefreshCookie = (c: Context) => getCookie(c, NAME) || undefined
