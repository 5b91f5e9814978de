import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The socket's remote address; proxies' forwarding headers are not trusted. */
export function clientAddress(c: Context): string {
	try {
		return getConnInfo(c).remote.address ?? 'unknown'
	} catch {
		return 'unknown'
	}
}
