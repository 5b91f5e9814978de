import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { ResourcesTable } from '../schema.ts'
import type { resource } from './schemas.ts'

export type ResourceRow = Selectable<ResourcesTable> & {
	tutor_first_name: string
	tutor_last_name: string
}

/** The README's Resource. */
export function toResource(row: ResourceRow): z.input<typeof resource> {
	return {
		id: row.id,
		title: row.title,
		description: row.description,
		subject: row.subject,
		resourceType: row.resource_type,
		url: row.url,
		file: row.file_key
			? {
					name: row.file_name ?? 'file',
					contentType: row.file_type ?? 'application/octet-stream',
					size: row.file_size ?? 0,
					downloadPath: `/resources/${row.id}/file`,
				}
			: null,
		uploadedBy: { id: row.tutor_id, name: `${row.tutor_first_name} ${row.tutor_last_name}` },
		createdAt: row.created_at.toISOString(),
	}
}
