import { z } from '@hono/zod-openapi'
import { certificateFields } from '../../../contract/certificates.ts'
import { isoDateTime } from '../platform/openapi.ts'
import { pageAnswer } from '../platform/pagination.ts'
import { body } from '../platform/validation.ts'

export const certificateInput = body({
	courseId: z.guid({ error: 'courseId must be a UUID' }),
	studentId: z.guid({ error: 'studentId must be a UUID' }),
})

/** The app's origin, for the verification link the PDF carries: an http(s) origin only. */
export const pdfQuery = z.object({
	origin: z
		.string()
		.max(200)
		.refine((value) => {
			try {
				const url = new URL(value)
				return ['http:', 'https:'].includes(url.protocol) && url.origin === value.replace(/\/$/, '')
			} catch {
				return false
			}
		}, 'origin must be an http or https origin, like https://tutorhub.example')
		.optional(),
})

/** Where verification pages live when the caller names none. */
export const defaultAppOrigin = () =>
	(process.env.APP_ORIGIN ?? 'http://localhost:3000').replace(/\/+$/, '')

/** The README's Certificate. */
export const certificate = z
	.object({ ...certificateFields, issuedAt: isoDateTime })
	.openapi('Certificate')

/** What anyone holding the link may see: no email, no internal ids. */
export const publicCertificate = certificate.pick({
	publicId: true,
	studentName: true,
	courseTitle: true,
	issuerName: true,
	issuedAt: true,
})

export const oneCertificate = z.object({ certificate })

export const issuedCertificate = z.object({ message: z.string(), certificate })

export const certificateList = z.object({
	certificates: z.array(certificate),
	pagination: pageAnswer,
})

/** `GET /certificates/verify/{publicId}`: genuine with what it says, or not. */
export const verification = z.union([
	z.object({ genuine: z.literal(true), certificate: publicCertificate }),
	z.object({ genuine: z.literal(false), message: z.string() }),
])
