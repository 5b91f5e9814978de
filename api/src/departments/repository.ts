import { sql, type Selectable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal, type Page } from '../platform/pagination.ts'
import { containsPattern } from '../platform/search.ts'
import type { DepartmentsTable } from '../schema.ts'

export const DEPARTMENT_COLUMNS = [
	'id',
	'organization_id',
	'department_name',
	'description',
	'created_at',
	'updated_at',
] as const

export type DepartmentRow = Pick<Selectable<DepartmentsTable>, (typeof DEPARTMENT_COLUMNS)[number]>

export const findDepartment = (db: Db, id: string) =>
	db.selectFrom('departments').select(DEPARTMENT_COLUMNS).where('id', '=', id).executeTakeFirst()

export const insertDepartment = (
	db: Db,
	department: { organizationId: string; departmentName: string; description: string | null },
) =>
	db
		.insertInto('departments')
		.values({
			organization_id: department.organizationId,
			department_name: department.departmentName,
			description: department.description,
		})
		.returning(DEPARTMENT_COLUMNS)
		.executeTakeFirstOrThrow()

export const updateDepartment = (
	db: Db,
	id: string,
	changes: { departmentName?: string; description?: string | null },
) =>
	db
		.updateTable('departments')
		.set({
			...(changes.departmentName !== undefined && { department_name: changes.departmentName }),
			...(changes.description !== undefined && { description: changes.description }),
			updated_at: new Date(),
		})
		.where('id', '=', id)
		.returning(DEPARTMENT_COLUMNS)
		.executeTakeFirst()

export const deleteDepartment = (db: Db, id: string) =>
	db.deleteFrom('departments').where('id', '=', id).executeTakeFirst()

/** An organization's departments by name; `departmentName` matches any part, any letter case. */
export async function listDepartments(
	db: Db,
	organizationId: string,
	departmentName: string | undefined,
	page: Page,
) {
	let query = db.selectFrom('departments').where('organization_id', '=', organizationId)
	if (departmentName) {
		query = query.where('department_name', 'ilike', containsPattern(departmentName))
	}
	return rowsAndTotal(
		page,
		query
			.select(DEPARTMENT_COLUMNS)
			.orderBy(sql`lower(department_name)`)
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
	)
}
