import type { Db } from '../db.ts'
import type { CsvCell } from '../platform/csv.ts'
import { findRosterMembers } from './repository.ts'

/** The organization's members as the template's rows, so a school can edit the file and import it again. */
export async function rosterExport(db: Db, organizationId: string): Promise<CsvCell[][]> {
	const members = await findRosterMembers(db, organizationId)
	return members.map((member) => [
		member.role,
		member.first_name,
		member.last_name,
		member.email,
		member.department_name,
		member.student_number,
	])
}
