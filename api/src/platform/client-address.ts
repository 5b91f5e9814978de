import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Set by the app for the browser it serves; believed only with the shared secret beside it. */
export const CLIENT_ADDRESS_HEADER = 'x-tutorhub-client-address'
export const PROXY_SECRET_HEADER = 'x-tutorhub-proxy-secret'
/** The browser's own User-Agent, passed on by the app beside the address (the app's fetch has its own). */
export const CLIENT_AGENT_HEADER = 'x-tutorhub-client-agent'

function sameSecret(sent: string | undefined, expected: string): boolean {
	if (!sent) return false
	const a = Buffer.from(sent)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}

const isVouched = (c: Context, proxySecret: string | undefined) =>
	proxySecret !== undefined && sameSecret(c.req.header(PROXY_SECRET_HEADER), proxySecret)

/**
 * Who is calling, for per-address limits: the address the app vouches for (its own client's,
 * with API_PROXY_SECRET), else the socket's. A client-supplied X-Forwarded-For is never believed.
 */
export function clientAddress(c: Context, proxySecret?: string): string {
	const vouched = c.req.header(CLIENT_ADDRESS_HEADER)
	if (vouched && isVouched(c, proxySecret)) return vouched.slice(0, 64)
	try {
		return getConnInfo(c).remote.address ?? 'unknown'
	} catch {
		return 'unknown'
	}
}

/**
 * The device a sign-in is made on, for the account's list of them: the address (above) and the
 * browser's user agent, the app's for its browser when vouched for, else the caller's own.
 */
export function clientDevice(c: Context, proxySecret?: string) {
	const vouched = c.req.header(CLIENT_AGENT_HEADER)
	const userAgent =
		vouched !== undefined && isVouched(c, proxySecret)
			? vouched
			: (c.req.header('user-agent') ?? '')
	return { address: clientAddress(c, proxySecret), userAgent: userAgent.slice(0, 512) }
}
