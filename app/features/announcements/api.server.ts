import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { Upstream } from '~/platform/upstream.server'
import {
	announcementListSchema,
	audiencesSchema,
	oneAnnouncementSchema,
	type AnnouncementEdit,
	type AnnouncementForm,
} from './schema'

// Announcement calls of the reference API (api/README.md); the spec shows none, so the texts
// follow its pattern ('Failed to fetch ...', 'Failed to create ...').

/** `unread`: only those the student has not read (the dashboard's latest unread). */
export function getAnnouncements(api: Upstream, page = 1, limit = 10, { unread = false } = {}) {
	return api.get('/announcements', {
		query: { page, limit, unread: unread ? 'true' : undefined },
		schema: announcementListSchema,
		fallback: t`Failed to fetch announcements`,
		retry: true,
	})
}

export async function getAnnouncement(api: Upstream, id: string) {
	const { announcement } = await api.get(`/announcements/${encodeURIComponent(id)}`, {
		schema: oneAnnouncementSchema,
		fallback: t`Failed to fetch announcement`,
	})
	return announcement
}

/** Opening an announcement records that the student has read it. */
export async function markAnnouncementRead(api: Upstream, id: string) {
	const { announcement } = await api.send('POST', `/announcements/${encodeURIComponent(id)}/read`, {
		schema: oneAnnouncementSchema,
		fallback: t`Failed to fetch announcement`,
	})
	return announcement
}

/** Where the caller may post: the first courses matching the menu's search, and how many match. */
export function getAudiences(api: Upstream, menu: { search?: string; limit?: number } = {}) {
	return api.get('/announcements/audiences', {
		query: menu,
		schema: audiencesSchema,
		fallback: t`Failed to fetch courses`,
	})
}

export function postAnnouncement(api: Upstream, { title, body, courseId }: AnnouncementForm) {
	return api.send('POST', '/announcements', {
		json: { title, body, courseId: courseId || null },
		schema: oneAnnouncementSchema.extend({ message: z.string().optional() }),
		fallback: t`Failed to create announcement`,
	})
}

export function updateAnnouncement(
	api: Upstream,
	{ announcementId, title, body }: AnnouncementEdit,
) {
	return api.send('PUT', `/announcements/${encodeURIComponent(announcementId)}`, {
		json: { title, body },
		schema: oneAnnouncementSchema.extend({ message: z.string().optional() }),
		fallback: t`Failed to update announcement`,
	})
}

export function deleteAnnouncement(api: Upstream, id: string) {
	return api.send('DELETE', `/announcements/${encodeURIComponent(id)}`, {
		schema: z.object({ message: z.string().optional() }),
		fallback: t`Failed to delete announcement`,
	})
}
