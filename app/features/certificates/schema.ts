import { z } from 'zod'

// Answers of the reference API (api/README.md).
export const certificateSchema = z.object({
	id: z.string(),
	publicId: z.string(),
	courseId: z.string(),
	courseTitle: z.string(),
	studentId: z.string(),
	studentName: z.string(),
	studentEmail: z.string(),
	issuerName: z.string(),
	issuedBy: z.object({ id: z.string(), type: z.enum(['tutor', 'organization']) }),
	issuedAt: z.string(),
	verifyPath: z.string(),
	pdfPath: z.string(),
})
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
