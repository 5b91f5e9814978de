import { z } from 'zod'
import { body, requiredText } from '../platform/validation.ts'

export const announcementInput = body({
	title: requiredText('Title', 200),
	body: requiredText('Message', 5000),
	courseId: z
		.union([z.guid({ error: 'courseId must be a UUID' }), z.literal(''), z.null()])
		.optional()
		.transform((value) => value || null),
})

/** An edit changes the words only: the audience stays, and so do the read receipts. */
export const announcementUpdate = body({
	title: requiredText('Title', 200),
	body: requiredText('Message', 5000),
})

/** `GET /announcements`: `unread=true` lists only what the student has not read (their dashboard). */
export const announcementListQuery = z.object({
	unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
})
