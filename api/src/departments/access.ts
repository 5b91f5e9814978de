import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import { findDepartment } from './repository.ts'

// Departments are read by their organization and its members, changed by the organization
// (moved from departments/routes.ts, decision 060).

export const DEPARTMENT_NOT_FOUND = 'Department not found'

/** A call on one department: its refusals (decision 059). */
export const DEPARTMENT_REFUSALS = {
	403: MESSAGES.forbidden,
	404: DEPARTMENT_NOT_FOUND,
} as const satisfies Refusals

async function departmentOr404(db: Db, id: string) {
	const department = await findDepartment(db, id)
	if (!department) throw new ApiError(404, DEPARTMENT_NOT_FOUND)
	return department
}

/** The organization whose departments the caller reads: their own unless another is asked (403). */
export function readableOrganization(account: Account, asked: string | undefined) {
	const organizationId = asked ?? account.orgId
	if (!organizationId || account.orgId !== organizationId) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	return organizationId
}

/** A department of the caller's organization. */
export async function readableDepartment(db: Db, account: Account, id: string) {
	const department = await departmentOr404(db, id)
	if (account.orgId !== department.organization_id) throw new ApiError(403, MESSAGES.forbidden)
	return department
}

/** A department of the calling organization, which may change it. */
export async function ownDepartment(db: Db, account: Account, id: string) {
	const department = await departmentOr404(db, id)
	if (!(account.role === 'organization' && account.id === department.organization_id)) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
	return department
}
