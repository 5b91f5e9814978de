import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Set by the app for the browser it serves; believed only with the shared secret beside it. */
export const CLIENT_ADDRESS_HEADER = 'x-tutorhub-client-address'
export const PROXY_SECRET_HEADER = 'x-tutorhub-proxy-secret'

function sameSecret(sent: string | undefined, expected: string): boolean {
	if (!sent) return false
	const a = Buffer.from(sent)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Who is calling, for per-address limits: the address the app vouches for (its own client's,
 * with API_PROXY_SECRET), else the socket's. A client-supplied X-Forwarded-For is never believed.
 */
export function clientAddress(c: Context, proxySecret?: string): string {
	const vouched = c.req.header(CLIENT_ADDRESS_HEADER)
	if (vouched && proxySecret && sameSecret(c.req.header(PROXY_SECRET_HEADER), proxySecret)) {
		return vouched.slice(0, 64)
	}
	try {
		return getConnInfo(c).remote.address ?? 'unknown'
	} catch {
		return 'unknown'
	}
}
