import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { CertificatesTable } from '../schema.ts'
import type { certificate, publicCertificate } from './schemas.ts'

export type CertificateRow = Selectable<CertificatesTable>

export const certificateVerifyPath = (publicId: string) => `/verify/certificate/${publicId}`

/** The README's Certificate. */
export function toCertificate(row: CertificateRow): z.input<typeof certificate> {
	return {
		id: row.id,
		publicId: row.public_id,
		courseId: row.course_id,
		courseTitle: row.course_title,
		studentId: row.student_id,
		studentName: row.student_name,
		studentEmail: row.student_email,
		issuerName: row.issuer_name,
		issuedBy: { id: row.issued_by_id, type: row.issued_by_type },
		issuedAt: row.issued_at.toISOString(),
		verifyPath: certificateVerifyPath(row.public_id),
		pdfPath: `/certificates/${row.id}/pdf`,
	}
}

/** What anyone holding the link may see: no email, no internal ids. */
export function toPublicCertificate(row: CertificateRow): z.input<typeof publicCertificate> {
	return {
		publicId: row.public_id,
		studentName: row.student_name,
		courseTitle: row.course_title,
		issuerName: row.issuer_name,
		issuedAt: row.issued_at.toISOString(),
	}
}
