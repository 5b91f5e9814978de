import { Hono } from 'hono'
import type { ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { FILE_KEY, PRIVATE_FILE_PREFIX } from '../platform/storage.ts'

export function fileRoutes({ storage }: ApiDeps) {
	return new Hono<ApiEnv>().get('/:key', async (c) => {
		const key = c.req.param('key')
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
