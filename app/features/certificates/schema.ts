import { z } from 'zod'
import { certificateFields } from '../../../contract/certificates.ts'

// Answers of the reference API (api/README.md).
export const certificateSchema = z.object(certificateFields)
export type Certificate = z.infer<typeof certificateSchema>

export const certificateListSchema = z.object({
	certificates: z.array(certificateSchema),
	pagination: z.object({ total: z.number(), currentPage: z.number(), totalPages: z.number() }),
})

export const oneCertificateSchema = z.object({
	certificate: certificateSchema,
	message: z.string().optional(),
})

export const certificateVerificationSchema = z.object({
	genuine: z.boolean(),
	certificate: z
		.object({
			publicId: z.string(),
			studentName: z.string(),
			courseTitle: z.string(),
			issuerName: z.string(),
			issuedAt: z.string(),
		})
		.optional(),
})

/** The staff's "Mark course completed and issue certificate" form: a button, no fields. */
export const issueCertificateSchema = z.object({})
