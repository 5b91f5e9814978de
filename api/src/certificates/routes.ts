import { z } from '@hono/zod-openapi'
import { quotedTitle } from '../mail/compose.ts'
import { courseRunBy, enrolledStudent, runsCourse, staffName } from '../courses/access.ts'
import { findCourseStaff } from '../courses/repository.ts'
import { notifyUsers } from '../mail/notifications.ts'
import type { Db } from '../db.ts'
import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, paginationQuery, toPage } from '../platform/pagination.ts'
import { newPublicId, PUBLIC_ID } from '../platform/public-id.ts'
import { accountGuard } from '../platform/require-account.ts'
import { requestSpeaker } from '../platform/i18n.ts'
import { certificatePdf } from './pdf.ts'
import {
	findCertificateBy,
	findStudentCertificate,
	insertCertificate,
	listCertificatesFor,
} from './repository.ts'
import {
	certificateVerifyPath,
	toCertificate,
	toPublicCertificate,
	type CertificateRow,
} from './present.ts'
import {
	certificateInput,
	certificateList,
	defaultAppOrigin,
	issuedCertificate,
	oneCertificate,
	pdfQuery,
	verification,
} from './schemas.ts'

/** The certificate's student, and the staff of its course. */
async function maySee(db: Db, account: Account, row: CertificateRow) {
	if (account.role === 'student') return row.student_id === account.id
	const course = await findCourseStaff(db, row.course_id)
	return course !== undefined && runsCourse(account, course)
}

export function certificateRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	async function visibleCertificate(account: Account, id: string) {
		const row = await findCertificateBy(db, 'id', id)
		if (!row) throw new ApiError(404, 'Certificate not found')
		if (!(await maySee(db, account, row))) throw new ApiError(403, MESSAGES.forbidden)
		return row
	}

	return new ApiRoutes(config, 'certificates')
		.endpoint(
			{
				method: 'get',
				path: '/verify/{publicId}',
				operationId: 'verifyCertificate',
				summary: 'Whether a certificate is genuine (no sign-in)',
				request: { params: z.object({ publicId: z.string() }) },
				description:
					'Anyone, no token: whether a certificate is genuine, by the `publicId` (128 random bits, 22 base64url characters) its verification link and QR code carry; an unknown or altered id answers 200 `{ genuine: false, message: "No certificate has this id" }`.',
				responses: answers({ 200: verification }),
			},
			async (c) => {
				const { publicId } = c.req.valid('param')
				const row = PUBLIC_ID.test(publicId)
					? await findCertificateBy(db, 'public_id', publicId)
					: undefined
				c.header('Cache-Control', 'no-store')
				return row
					? c.json({ genuine: true as const, certificate: toPublicCertificate(row) }, 200)
					: c.json({ genuine: false as const, message: 'No certificate has this id' }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getCertificates',
				summary: "A student's certificates, or those of the courses the caller runs",
				middleware: requireAccount(),
				request: { query: paginationQuery },
				description:
					"Any signed-in account: a student's own certificates; a tutor's or an organization's, those of the courses they run. Newest first.",
				responses: answers({ 200: certificateList }),
			},
			async (c) => {
				const page = toPage(c.req.valid('query'))
				const { rows, total } = await listCertificatesFor(db, c.get('account'), page)
				return c.json(
					{ certificates: rows.map(toCertificate), pagination: pageOf(total, page) },
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/',
				operationId: 'issueCertificate',
				summary: 'Issue a certificate (once: 200 with the one already issued)',
				middleware: requireAccount({ roles: ['tutor', 'organization'] }),
				request: { body: jsonBody(certificateInput) },
				description:
					"The course's tutor or organization marks an enrolled student as having completed the course, which issues the certificate, once (201); asked again, 200 `Certificate already issued` with the same one. Names and the course title are kept as issued; the student is mailed (the `certificates` kind). `verifyPath` is a path of the web app.",
				responses: answers(
					{ 200: issuedCertificate, 201: issuedCertificate },
					{
						400: { path: 'studentId', msg: 'The student is not enrolled in this course' },
						403: MESSAGES.forbidden,
						404: ['Course not found', 'Student not found'],
					},
				),
			},
			async (c) => {
				const account = c.get('account')
				const input = c.req.valid('json')
				const course = await courseRunBy(db, account, input.courseId)
				const student = await enrolledStudent(db, course.id, input.studentId)
				const existing = await findStudentCertificate(db, course.id, student.id)
				if (existing) {
					return c.json(
						{ message: 'Certificate already issued', certificate: toCertificate(existing) },
						200,
					)
				}
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
				if (!row) throw new ApiError(404, 'Certificate not found')
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
				return c.json(
					{ message: 'Certificate issued successfully', certificate: toCertificate(row) },
					201,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/course/{courseId}/student/{studentId}',
				operationId: 'getCertificateFor',
				summary: "A student's certificate for a course",
				middleware: requireAccount(),
				request: { params: uuidParams('courseId', 'studentId') },
				description:
					"That student, or the course's tutor or organization: the student's certificate for the course.",
				responses: answers(
					{ 200: oneCertificate },
					{ 403: MESSAGES.forbidden, 404: ['Course not found', 'Certificate not found'] },
				),
			},
			async (c) => {
				const account = c.get('account')
				const { courseId, studentId } = c.req.valid('param')
				if (account.role === 'student') {
					if (account.id !== studentId) throw new ApiError(403, MESSAGES.forbidden)
				} else {
					await courseRunBy(db, account, courseId)
				}
				const row = await findStudentCertificate(db, courseId, studentId)
				if (!row) throw new ApiError(404, 'Certificate not found')
				return c.json({ certificate: toCertificate(row) }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/pdf',
				operationId: 'openCertificatePdf',
				summary: 'The certificate as a PDF with its verification QR code',
				middleware: requireAccount(),
				request: { params: uuidParams('id'), query: pdfQuery },
				description:
					"The certificate's student, or its course's tutor or organization: the certificate as a PDF (A4 landscape) with a QR code and a link to `{origin}/verify/certificate/{publicId}`; names in any script (embedded Noto subsets). `origin` is the web app's origin (the app sends its own); without it, `APP_ORIGIN`.",
				responses: answers(
					{ 200: fileAnswer('application/pdf') },
					{ 403: MESSAGES.forbidden, 404: 'Certificate not found' },
				),
			},
			async (c) => {
				const row = await visibleCertificate(c.get('account'), c.req.valid('param').id)
				const { origin } = c.req.valid('query')
				const base = origin ? new URL(origin).origin : defaultAppOrigin()
				const pdf = await certificatePdf(
					{
						studentName: row.student_name,
						courseTitle: row.course_title,
						issuerName: row.issuer_name,
						issuedAt: row.issued_at,
						publicId: row.public_id,
						verifyUrl: `${base}${certificateVerifyPath(row.public_id)}`,
					},
					// A download speaks the language of whoever asks for it (the app sends its page's).
					requestSpeaker(c.req.header('Accept-Language')),
				)
				const fileName = `certificate-${
					row.course_title
						.replace(/[^A-Za-z0-9]+/g, '-')
						.replace(/^-|-$/g, '')
						.toLowerCase() || 'course'
				}.pdf`
				return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
					'Content-Type': 'application/pdf',
					'Content-Disposition': `attachment; filename="${fileName}"`,
					'Cache-Control': 'private, no-store',
					'X-Content-Type-Options': 'nosniff',
				})
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}',
				operationId: 'getCertificate',
				summary: 'One certificate',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: "The certificate's student, or its course's tutor or organization.",
				responses: answers(
					{ 200: oneCertificate },
					{ 403: MESSAGES.forbidden, 404: 'Certificate not found' },
				),
			},
			async (c) => {
				const row = await visibleCertificate(c.get('account'), c.req.valid('param').id)
				return c.json({ certificate: toCertificate(row) }, 200)
			},
		)
}
