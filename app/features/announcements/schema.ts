import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { titleField } from '~/platform/form-fields'
import { pageParam } from '~/platform/page-param'

export const announcementFormSchema = z.object({
	title: titleField,
	body: z
		.string({ error: () => t`Write the announcement` })
		.trim()
		.min(1, { error: () => t`Write the announcement` })
		.max(5000, { error: () => t`The announcement must be at most 5000 characters` }),
	/** Empty: the whole organization (organizations only). */
	courseId: z.string().optional(),
})
export type AnnouncementForm = z.infer<typeof announcementFormSchema>

/** Teachers announce to one of their courses, so they must choose one. */
export const teacherAnnouncementFormSchema = announcementFormSchema.extend({
	courseId: z
		.string({ error: () => t`Choose the course to announce to` })
		.min(1, { error: () => t`Choose the course to announce to` }),
})

/** An edit changes the words; the audience stays (its readers have already been told). */
export const announcementEditSchema = z.object({
	announcementId: z.string().min(1),
	title: announcementFormSchema.shape.title,
	body: announcementFormSchema.shape.body,
})
export type AnnouncementEdit = z.infer<typeof announcementEditSchema>

/** A staff announcement page's forms, told apart by `intent`: post (a teacher must pick a course), update, delete. */
export function announcementActionSchema(requireCourse: boolean) {
	return z.discriminatedUnion('intent', [
		(requireCourse ? teacherAnnouncementFormSchema : announcementFormSchema).extend({
			intent: z.literal('post'),
		}),
		announcementEditSchema.extend({ intent: z.literal('update') }),
		z.object({ intent: z.literal('delete'), announcementId: z.string().min(1) }),
	])
}

// Answers of the reference API (api/README.md).
export const announcementSchema = z.object({
	id: z.string(),
	title: z.string(),
	body: z.string(),
	author: z.object({ id: z.string(), type: z.enum(['tutor', 'organization']), name: z.string() }),
	course: z.object({ id: z.string(), title: z.string() }).nullable(),
	organizationId: z.string().nullable(),
	createdAt: z.string(),
	read: z.boolean().optional(),
	readCount: z.number().optional(),
})
export type Announcement = z.infer<typeof announcementSchema>

const pagination = z.object({ total: z.number(), currentPage: z.number(), totalPages: z.number() })

export const announcementListSchema = z.object({
	announcements: z.array(announcementSchema),
	unread: z.number().optional(),
	pagination,
})

export const oneAnnouncementSchema = z.object({ announcement: announcementSchema })

export const audiencesSchema = z.object({
	courses: z.array(z.object({ id: z.string(), title: z.string() })),
	total: z.number().optional(),
	organizationWide: z.boolean(),
})

export const pageFrom = (url: URL) => pageParam(url.searchParams)
