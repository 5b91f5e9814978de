import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db.ts'
import { authenticateCaller } from './access-tokens.ts'
import type { AccountRole, ApiEnv } from './context.ts'
import { ApiError, MESSAGES, refusalCode } from './errors.ts'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The answer to a teacher whose organization requires two-factor sign-in, until it is on. */
export const TWO_FACTOR_SETUP_REQUIRED =
	'Your organization requires two-factor sign-in. Set it up to continue.'
// Refusals a client tells apart by their code (decision 072).
refusalCode(TWO_FACTOR_SETUP_REQUIRED, 'two_factor_setup_required')

/** The roles each guard lets through, so that the contract can say who may call (decision 042). */
export const guardRoles = new WeakMap<MiddlewareHandler<ApiEnv>, AccountRole[]>()

const EVERY_ROLE: AccountRole[] = ['student', 'tutor', 'organization']

/**
 * `requireAccount({ roles })` lets through a valid bearer token of an open session, of one of
 * `roles` (any role when unset), and sets `account`. A missing, malformed or expired token is a 403 too: the client
 * refreshes on 403. A teacher whose organization requires two-factor sign-in and who has not set it
 * up gets a 403 with TWO_FACTOR_SETUP_REQUIRED everywhere but where `beforeTwoFactor` is set (their
 * own account's settings, where it is set up: decision 037).
 */
export function accountGuard(deps: { db: Db; config: { jwtSecret: string } }) {
	return ({
		roles,
		beforeTwoFactor = false,
	}: { roles?: AccountRole[]; beforeTwoFactor?: boolean } = {}): MiddlewareHandler<ApiEnv> => {
		const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
			const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
			const caller = token ? await authenticateCaller(token, deps) : null
			if (!caller) throw new ApiError(403, MESSAGES.tokenMissing)
			const { account } = caller
			if (roles && !roles.includes(account.role)) throw new ApiError(403, MESSAGES.forbidden)
			if (caller.mustSetUpTwoFactor && !beforeTwoFactor) {
				throw new ApiError(403, TWO_FACTOR_SETUP_REQUIRED)
			}
			c.set('account', account)
			await next()
		}
		guardRoles.set(guard, roles ?? EVERY_ROLE)
		return guard
	}
}
