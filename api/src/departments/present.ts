import type { z } from 'zod'
import type { department } from './schemas.ts'
import type { DepartmentRow } from './repository.ts'

/** The README's Department. */
export function toDepartment(row: DepartmentRow): z.input<typeof department> {
	return {
		id: row.id,
		departmentName: row.department_name,
		description: row.description,
		organizationId: row.organization_id,
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}
