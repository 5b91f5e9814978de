import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ApiEnv } from './context.ts'
import { errorResponse, MESSAGES } from './errors.ts'

const JSON_LIMIT = 1024 * 1024
export const IMAGE_LIMIT = 2 * 1024 * 1024
// A multipart body is one image plus short text fields and boundaries; the image's own size is
// checked after parsing, against IMAGE_LIMIT.
const MULTIPART_LIMIT = IMAGE_LIMIT + 64 * 1024

/** JSON bodies up to 1 MB, multipart up to one 2 MB image; 413 beyond. */
export function limitBodies(): MiddlewareHandler<ApiEnv> {
	return async (c, next) => {
		const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
		const limit = bodyLimit({
			maxSize: multipart ? MULTIPART_LIMIT : JSON_LIMIT,
			onError: () => {
				// The unread rest of the body makes the connection unusable; say so, or the client's
				// next request on it fails.
				c.header('Connection', 'close')
				return errorResponse(c, 413, multipart ? MESSAGES.fileTooLarge : MESSAGES.bodyTooLarge)
			},
		})
		return limit(c, next)
	}
}
