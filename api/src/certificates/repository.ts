import type { Insertable } from 'kysely'
import type { Db } from '../db.ts'
import { rowsAndTotal } from '../platform/pagination.ts'
import type { Account } from '../platform/context.ts'
import type { CertificatesTable } from '../schema.ts'

export const findCertificateBy = (db: Db, column: 'id' | 'public_id', value: string) =>
	db.selectFrom('certificates').selectAll().where(column, '=', value).executeTakeFirst()

export const findStudentCertificate = (db: Db, courseId: string, studentId: string) =>
	db
		.selectFrom('certificates')
		.selectAll()
		.where('course_id', '=', courseId)
		.where('student_id', '=', studentId)
		.executeTakeFirst()

/** The certificates the caller may list: a student's own, or those of the courses staff run. */
export async function listCertificatesFor(
	db: Db,
	account: Account,
	page: { limit: number; offset: number },
) {
	let query = db.selectFrom('certificates')
	if (account.role === 'student') {
		query = query.where('student_id', '=', account.id)
	} else {
		query = query.where(
			'course_id',
			'in',
			db
				.selectFrom('courses')
				.select('id')
				.where(account.role === 'organization' ? 'organization_id' : 'tutor_id', '=', account.id),
		)
	}
	return rowsAndTotal(
		page,
		query
			.selectAll()
			.orderBy('issued_at', 'desc')
			.orderBy('id')
			.limit(page.limit)
			.offset(page.offset)
			.execute(),
		() => query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
	)
}

/** Issues a certificate; two staff members marking completion at once: the first one's stands. */
export async function insertCertificate(db: Db, certificate: Insertable<CertificatesTable>) {
	await db
		.insertInto('certificates')
		.values(certificate)
		.onConflict((oc) => oc.columns(['course_id', 'student_id']).doNothing())
		.execute()
}
