import { courseRunBy, runsCourse } from '../courses/access.ts'
import { findCourseStaff } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES, refusalCode } from '../platform/errors.ts'
import type { Refusals } from '../platform/openapi.ts'
import type { CertificateRow } from './present.ts'
import { findCertificateBy, findStudentCertificate } from './repository.ts'

// Who may read a certificate (moved from certificates/routes.ts, decision 060).

export const CERTIFICATE_NOT_FOUND = 'Certificate not found'
// Refusals a client tells apart by their code (decision 072).
refusalCode(CERTIFICATE_NOT_FOUND, 'certificate_not_found')

/** A call on one certificate by its id: its refusals (decision 059). */
export const CERTIFICATE_REFUSALS = {
	403: MESSAGES.forbidden,
	404: CERTIFICATE_NOT_FOUND,
} as const satisfies Refusals

/** The certificate's student, and the staff of its course. */
async function maySee(db: Db, account: Account, row: CertificateRow) {
	if (account.role === 'student') return row.student_id === account.id
	const course = await findCourseStaff(db, row.course_id)
	return course !== undefined && runsCourse(account, course)
}

/** A certificate the caller may read: 404 unknown, 403 not theirs. */
export async function visibleCertificate(db: Db, account: Account, id: string) {
	const row = await findCertificateBy(db, 'id', id)
	if (!row) throw new ApiError(404, CERTIFICATE_NOT_FOUND)
	if (!(await maySee(db, account, row))) throw new ApiError(403, MESSAGES.forbidden)
	return row
}

/** A student's certificate for a course: that student, or the course's staff. */
export async function certificateFor(
	db: Db,
	account: Account,
	courseId: string,
	studentId: string,
) {
	if (account.role === 'student') {
		if (account.id !== studentId) throw new ApiError(403, MESSAGES.forbidden)
	} else {
		await courseRunBy(db, account, courseId)
	}
	const row = await findStudentCertificate(db, courseId, studentId)
	if (!row) throw new ApiError(404, CERTIFICATE_NOT_FOUND)
	return row
}
