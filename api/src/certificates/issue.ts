import { courseRunBy, enrolledStudent, staffName } from '../courses/access.ts'
import { quotedTitle } from '../mail/compose.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import type { Speaker } from '../platform/i18n.ts'
import { newPublicId } from '../platform/public-id.ts'
import { CERTIFICATE_NOT_FOUND } from './access.ts'
import { certificatePdf } from './pdf.ts'
import { certificateVerifyPath, type CertificateRow } from './present.ts'
import { findStudentCertificate, insertCertificate } from './repository.ts'

// Issuing a certificate and making its PDF (moved from certificates/routes.ts, decision 060).

/**
 * The course's staff issue an enrolled student's certificate, once: `issued` is false when it
 * already was (the same one is the answer). Names and the title are kept as issued; the student is
 * mailed.
 */
export async function issueCertificate(
	{ db, config }: Pick<ApiDeps, 'db' | 'config'>,
	account: Account,
	input: { courseId: string; studentId: string },
) {
	const course = await courseRunBy(db, account, input.courseId)
	const student = await enrolledStudent(db, course.id, input.studentId)
	const existing = await findStudentCertificate(db, course.id, student.id)
	if (existing) return { issued: false, certificate: existing }
	const issuer = await staffName(db, account)
	await insertCertificate(db, {
		public_id: newPublicId(),
		course_id: course.id,
		student_id: student.id,
		issued_by_id: account.id,
		issued_by_type: issuer.type,
		student_name: `${student.first_name} ${student.last_name}`,
		student_email: student.email,
		course_title: course.title,
		issuer_name: issuer.name,
	})
	const row = await findStudentCertificate(db, course.id, student.id)
	if (!row) throw new ApiError(404, CERTIFICATE_NOT_FOUND)
	notifyUsers({ db, config }, [student.id], {
		kind: 'certificates',
		path: '/studentdashboard/certificates',
		subject: ({ say }) =>
			say('Your certificate for {course}', { course: quotedTitle(course.title) }),
		paragraphs: [
			({ say }) =>
				say('{issuer} issued you a certificate for completing {course}. Congratulations!', {
					issuer: issuer.name,
					course: course.title,
				}),
		],
		actionLabel: ({ say }) => say('See your certificates'),
	})
	return { issued: true, certificate: row }
}

/**
 * The certificate as a PDF whose QR code and link lead to `appOrigin`'s verification page, in the
 * reader's language, and the name it is saved under.
 */
export async function certificateFile(row: CertificateRow, appOrigin: string, speech: Speaker) {
	const pdf = await certificatePdf(
		{
			studentName: row.student_name,
			courseTitle: row.course_title,
			issuerName: row.issuer_name,
			issuedAt: row.issued_at,
			publicId: row.public_id,
			verifyUrl: `${appOrigin}${certificateVerifyPath(row.public_id)}`,
		},
		speech,
	)
	const fileName = `certificate-${
		row.course_title
			.replace(/[^A-Za-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.toLowerCase() || 'course'
	}.pdf`
	return { pdf, fileName }
}
