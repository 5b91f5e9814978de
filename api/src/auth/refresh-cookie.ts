import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ApiConfig } from '../platform/context.ts'

const NAME = 'refreshToken'

const attributes = (config: ApiConfig) =>
	({
		path: '/api/v1/auth',
		httpOnly: true,
		sameSite: 'Lax',
		secure: config.production,
	}) as const

export const setRefreshCookie = (c: Context, token: string, config: ApiConfig) =>
	setCookie(c, NAME, token, { ...attributes(config), maxAge: config.refreshTokenTtl })

export const clearRefreshCookie = (c: Context, config: ApiConfig) =>
	deleteCookie(c, NAME, attributes(config))

export const readRefreshCookie = (c: Context) => getCookie(c, NAME) || undefined
