import { z } from 'zod'
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
