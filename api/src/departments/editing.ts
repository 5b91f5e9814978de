import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, isUniqueViolation } from '../platform/errors.ts'
import { DEPARTMENT_NOT_FOUND } from './access.ts'
import { insertDepartment, updateDepartment } from './repository.ts'

// The organization creates and changes its departments (moved from departments/routes.ts,
// decision 060).

export const DUPLICATE = 'A department with this name already exists'

const rethrowDuplicate = (error: unknown): never => {
	if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE)
	throw error
}

/** Names are unique within an organization, any letter case: 409 otherwise. */
export const createDepartment = (
	db: Db,
	account: Account,
	input: { departmentName: string; description?: string | null },
) =>
	insertDepartment(db, {
		organizationId: account.id,
		departmentName: input.departmentName,
		description: input.description ?? null,
	}).catch(rethrowDuplicate)

/** Renames a department or changes its description (a taken name: 409). */
export async function changeDepartment(
	db: Db,
	id: string,
	changes: { departmentName?: string; description?: string | null },
) {
	const updated = await updateDepartment(db, id, changes).catch(rethrowDuplicate)
	if (!updated) throw new ApiError(404, DEPARTMENT_NOT_FOUND)
	return updated
}
