import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { AnnouncementsTable } from '../schema.ts'
import type { announcement } from './schemas.ts'

export type AnnouncementRow = Selectable<AnnouncementsTable> & {
	course_title: string | null
	read?: boolean | number | bigint | string
	read_count?: string | number | null
}

/** The README's Announcement: `read` for students, `readCount` for its author. */
export function toAnnouncement(row: AnnouncementRow): z.input<typeof announcement> {
	return {
		id: row.id,
		title: row.title,
		body: row.body,
		author: { id: row.author_id, type: row.author_type, name: row.author_name },
		course: row.course_id ? { id: row.course_id, title: row.course_title ?? '' } : null,
		organizationId: row.organization_id,
		createdAt: row.created_at.toISOString(),
		...(row.read !== undefined && { read: Boolean(row.read) }),
		...(row.read_count !== undefined && { readCount: Number(row.read_count ?? 0) }),
	}
}
