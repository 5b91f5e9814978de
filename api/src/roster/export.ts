import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { CsvCell } from '../platform/csv.ts'

/** The organization's members as the template's rows, so a school can edit the file and import it again. */
export async function rosterExport(db: Db, organizationId: string): Promise<CsvCell[][]> {
	const members = await db
		.selectFrom('users')
		.leftJoin('departments', (join) =>
			join
				.onRef('departments.id', '=', 'users.department_id')
				.on('departments.organization_id', '=', organizationId),
		)
		.select([
			sql<string>`CASE users.role WHEN 'tutor' THEN 'teacher' ELSE 'student' END`.as('role'),
			'users.first_name',
			'users.last_name',
			'users.email',
			'departments.department_name',
			'users.student_number',
		])
		.where('users.organization_id', '=', organizationId)
		.orderBy('users.role')
		.orderBy('users.last_name')
		.orderBy('users.first_name')
		.orderBy('users.email')
		.execute()
	return members.map((member) => [
		member.role,
		member.first_name,
		member.last_name,
		member.email,
		member.department_name,
		member.student_number,
	])
}
