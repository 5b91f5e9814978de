import { z } from '@hono/zod-openapi'
import { courseMenuAnswer } from '../courses/schemas.ts'
import { isoDateTime } from '../platform/openapi.ts'
import { pageAnswer, paginationQuery } from '../platform/pagination.ts'
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
export const announcementListQuery = paginationQuery.extend({
	unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
})

/** The README's Announcement: `read` for students, `readCount` for its author. */
export const announcement = z
	.object({
		id: z.string(),
		title: z.string(),
		body: z.string(),
		author: z.object({
			id: z.string(),
			type: z.enum(['tutor', 'organization']),
			name: z.string(),
		}),
		course: z.object({ id: z.string(), title: z.string() }).nullable(),
		organizationId: z.string().nullable(),
		createdAt: isoDateTime,
		read: z.boolean().optional(),
		readCount: z.number().int().optional(),
	})
	.openapi('Announcement')

export const oneAnnouncement = z.object({ announcement })

/** A change's answer: what it says, and the announcement as it now is. */
export const changedAnnouncement = z.object({ message: z.string(), announcement })

export const announcementList = z.object({
	announcements: z.array(announcement),
	/** Students only: how many of all their announcements they have not read. */
	unread: z.number().int().optional(),
	pagination: pageAnswer,
})

export const audiences = courseMenuAnswer.extend({ organizationWide: z.boolean() })
