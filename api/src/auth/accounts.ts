import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import type { RefreshSession } from './refresh-tokens.ts'
import { findOrganizationAccount, findUserAccount } from './repository.ts'

/** The account a person signs in as: who they are, their role and their organization. */
export const userAccount = (user: {
	id: string
	role: Account['role']
	organization_id: string | null
}): Account => ({ id: user.id, role: user.role, orgId: user.organization_id })

/** The account behind a refresh session as it is now (role and organization may have changed). */
export async function loadAccount(db: Db, session: RefreshSession): Promise<Account | null> {
	if (session.accountType === 'organization') {
		const organization = await findOrganizationAccount(db, session.accountId)
		return organization
			? { id: organization.id, role: 'organization', orgId: organization.id }
			: null
	}
	const user = await findUserAccount(db, session.accountId)
	return user ? { id: user.id, role: user.role, orgId: user.organization_id } : null
}
