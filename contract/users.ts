import { z } from 'zod'

/**
 * The README's User, field by field; never the password hash (decision 048). The API states the
 * format of `createdAt` (`isoDateTime`), overriding it by name: a key keeps its place in the
 * document.
 */
export const userFields = {
	id: z.string(),
	role: z.enum(['student', 'tutor']),
	email: z.string(),
	firstName: z.string(),
	lastName: z.string(),
	name: z.string(),
	phone: z.string().nullable(),
	bio: z.string().nullable(),
	profilePicture: z.string().nullable(),
	organization_id: z.string().nullable(),
	createdAt: z.string(),
}
