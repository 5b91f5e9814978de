import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { DepartmentsTable } from '../schema.ts'
import type { department } from './schemas.ts'

export const DEPARTMENT_COLUMNS = [
	'id',
	'organization_id',
	'department_name',
	'description',
	'created_at',
	'updated_at',
] as const

export type DepartmentRow = Pick<Selectable<DepartmentsTable>, (typeof DEPARTMENT_COLUMNS)[number]>

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
