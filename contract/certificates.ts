import { z } from 'zod'

/**
 * The README's Certificate, field by field (decision 048). The API states the format of
 * `issuedAt` (`isoDateTime`), overriding it by name: a key keeps its place in the document.
 */
export const certificateFields = {
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
}
