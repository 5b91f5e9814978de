import { z } from 'zod'
import type { Upstream } from '~/platform/upstream.server'
import {
	resourceListSchema,
	resourceUploadedSchema,
	type ResourceFilters,
	type ResourceUpload,
} from './schema'

// The Resources calls of spec section 7 (and the reference API's download call), with the
// spec's fallback texts.

export function getResources(
	api: Upstream,
	{ search, subject, type, page }: ResourceFilters,
	limit = 10,
) {
	return api.get('/resources', {
		query: { search: search || undefined, subject, type, page, limit },
		schema: resourceListSchema,
		fallback: 'Failed to fetch resources',
		retry: true,
	})
}

export function uploadResource(
	api: Upstream,
	{ file, url, description, ...fields }: ResourceUpload,
) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.set(key, value)
	if (description) form.set('description', description)
	if (url) form.set('url', url)
	if (file && file.size > 0) form.set('file', file)
	return api.send('POST', '/resources/upload', {
		form,
		schema: resourceUploadedSchema,
		fallback: 'Failed to create resource',
	})
}

export function deleteResource(api: Upstream, id: string) {
	return api.send('DELETE', `/resources/${encodeURIComponent(id)}`, {
		schema: z.object({ message: z.string().optional() }),
		fallback: 'Failed to delete resource',
	})
}

export function openResourceFile(api: Upstream, id: string) {
	return api.stream(`/resources/${encodeURIComponent(id)}/file`, {
		fallback: 'Failed to fetch resources',
	})
}
