import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db.ts'
import { authenticate } from './access-tokens.ts'
import type { AccountRole, ApiEnv } from './context.ts'
import { ApiError, MESSAGES } from './errors.ts'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * `requireAccount({ roles })` lets through a valid bearer token of an open session, of one of
 * `roles` (any role when unset), and sets `account`. A missing, malformed or expired token is a 403 too: the client
 * refreshes on 403.
 */
export function accountGuard(deps: { db: Db; config: { jwtSecret: string } }) {
	return ({ roles }: { roles?: AccountRole[] } = {}): MiddlewareHandler<ApiEnv> =>
		async (c, next) => {
			const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
			const account = token ? await authenticate(token, deps) : null
			if (!account) throw new ApiError(403, MESSAGES.tokenMissing)
			if (roles && !roles.includes(account.role)) throw new ApiError(403, MESSAGES.forbidden)
			c.set('account', account)
			await next()
		}
}
