import { removeFile } from '../files/store.ts'
import { deleteOrganization, type OrganizationRow } from '../organizations/repository.ts'
import type { ApiDeps } from '../platform/context.ts'
import { revokeAllSessions } from './repository.ts'

// An organization deletes itself (moved from organizations/routes.ts, decision 060). Here, not in
// organizations/, because its sessions end with it, and sessions are auth's, which comes after
// organizations in the domain order.

/**
 * Deletes the organization: its departments and scores go, its members keep their accounts, its
 * sessions end (its login answers 401 from then on) and its logo is removed.
 */
export async function closeOrganization(
	deps: Pick<ApiDeps, 'db' | 'storage'>,
	organization: OrganizationRow,
) {
	await deleteOrganization(deps.db, organization.id)
	await revokeAllSessions(deps.db, { accountId: organization.id, accountType: 'organization' })
	if (organization.logo) await removeFile(deps, organization.logo)
	return { message: 'Organization deleted successfully', id: organization.id }
}
