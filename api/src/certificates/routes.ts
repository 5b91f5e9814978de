import { z } from '@hono/zod-openapi'
import { COURSE_NOT_FOUND, STUDENT_NOT_FOUND } from '../courses/access.ts'
import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { pageOf, paginationQuery, toPage } from '../platform/pagination.ts'
import { PUBLIC_ID } from '../platform/public-id.ts'
import { accountGuard } from '../platform/require-account.ts'
import { requestSpeaker } from '../platform/i18n.ts'
import {
	CERTIFICATE_NOT_FOUND,
	CERTIFICATE_REFUSALS,
	certificateFor,
	visibleCertificate,
} from './access.ts'
import { certificateFile, issueCertificate } from './issue.ts'
import { findCertificateBy, listCertificatesFor } from './repository.ts'
import { toCertificate, toPublicCertificate } from './present.ts'
import {
	certificateInput,
	certificateList,
	defaultAppOrigin,
	issuedCertificate,
	oneCertificate,
	pdfQuery,
	verification,
} from './schemas.ts'

export function certificateRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

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
						404: [COURSE_NOT_FOUND, STUDENT_NOT_FOUND],
					},
				),
			},
			async (c) => {
				const { issued, certificate } = await issueCertificate(
					{ db, config },
					c.get('account'),
					c.req.valid('json'),
				)
				return issued
					? c.json(
							{
								message: 'Certificate issued successfully',
								certificate: toCertificate(certificate),
							},
							201,
						)
					: c.json(
							{ message: 'Certificate already issued', certificate: toCertificate(certificate) },
							200,
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
					{ 403: MESSAGES.forbidden, 404: [COURSE_NOT_FOUND, CERTIFICATE_NOT_FOUND] },
				),
			},
			async (c) => {
				const { courseId, studentId } = c.req.valid('param')
				const row = await certificateFor(db, c.get('account'), courseId, studentId)
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
				responses: answers({ 200: fileAnswer('application/pdf') }, CERTIFICATE_REFUSALS),
			},
			async (c) => {
				const row = await visibleCertificate(db, c.get('account'), c.req.valid('param').id)
				const { origin } = c.req.valid('query')
				const { pdf, fileName } = await certificateFile(
					row,
					origin ? new URL(origin).origin : defaultAppOrigin(),
					// A download speaks the language of whoever asks for it (the app sends its page's).
					requestSpeaker(c.req.header('Accept-Language')),
				)
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
				responses: answers({ 200: oneCertificate }, CERTIFICATE_REFUSALS),
			},
			async (c) => {
				const row = await visibleCertificate(db, c.get('account'), c.req.valid('param').id)
				return c.json({ certificate: toCertificate(row) }, 200)
			},
		)
}
