import type { Context } from 'hono'
import type { Db } from '../db.ts'
import type { ApiEnv } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { readId } from '../platform/validation.ts'
import { findOrganization } from './repository.ts'

export const ORGANIZATION_NOT_FOUND = 'Organization not found'

/** What a call for the organization's own record refuses (`ownOrganization`), named once. */
export const NOT_OWN_ORGANIZATION = {
	403: MESSAGES.forbidden,
	404: ORGANIZATION_NOT_FOUND,
} as const

/**
 * The organization named by the `:id` path parameter, which must be the caller itself: another
 * account gets 403, an organization that no longer exists 404.
 */
export async function ownOrganization(db: Db, c: Context<ApiEnv>, param = 'id') {
	const id = readId(param, c.req.param(param))
	const account = c.get('account')
	if (account.role !== 'organization' || account.id !== id) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	const organization = await findOrganization(db, id)
	if (!organization) throw new ApiError(404, ORGANIZATION_NOT_FOUND)
	return organization
}
