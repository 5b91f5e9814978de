import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { answers, ApiRoutes, fileAnswer, IMAGE_MEDIA_TYPES } from '../platform/openapi.ts'
import { FILE_KEY, PRIVATE_FILE_PREFIX } from '../platform/storage.ts'

export function fileRoutes({ storage, config }: ApiDeps) {
	const publicFile = {
		method: 'get',
		path: '/{key}',
		operationId: 'getFile',
		summary: 'A public stored file (a profile picture or a logo): no sign-in',
		request: { params: z.object({ key: z.string() }) },
		description:
			'Anyone, no token: a profile picture or a logo by the key its `profilePicture` or `logo` path names, with its content type; kept a year by caches (keys are never reused). Task, submission, resource and export files are never served here.',
		responses: answers({ 200: fileAnswer(...IMAGE_MEDIA_TYPES) }, { 404: 'File not found' }),
	} as const
	return new ApiRoutes(config, 'files').endpoint(publicFile, async (c) => {
		const { key } = c.req.valid('param')
		const file =
			FILE_KEY.test(key) && !key.startsWith(PRIVATE_FILE_PREFIX) ? await storage.get(key) : null
		if (!file) throw new ApiError(404, 'File not found')
		// HEAD: Hono drops the body without cancelling it, which would leave the file open.
		if (c.req.method === 'HEAD') await file.body.cancel()
		// Streamed from the store as it is read, from disk or a bucket alike.
		return c.body(file.body, 200, {
			'Content-Type': file.contentType,
			...(file.size !== undefined && { 'Content-Length': String(file.size) }),
			'X-Content-Type-Options': 'nosniff',
			// Keys are random and never reused, so a stored file never changes.
			'Cache-Control': 'public, max-age=31536000, immutable',
		})
	})
}
