import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ApiEnv } from './context.ts'
import { ApiError, MESSAGES } from './errors.ts'

const JSON_LIMIT = 1024 * 1024
export const IMAGE_LIMIT = 2 * 1024 * 1024
// A multipart body is one image plus short text fields and boundaries; the image's own size is
// checked after parsing, against IMAGE_LIMIT.
const MULTIPART_LIMIT = IMAGE_LIMIT + 64 * 1024
/** One document (a task attachment or submission) on the paths given to `limitBodies`. */
export const DOCUMENT_LIMIT = 10 * 1024 * 1024
const DOCUMENT_MULTIPART_LIMIT = DOCUMENT_LIMIT + 64 * 1024

/**
 * JSON bodies up to 1 MB, multipart up to one 2 MB image, or one 10 MB document on a path that
 * `documentPaths` matches; 413 beyond.
 *
 * A GET or HEAD has no body, and a body whose length is given is judged by it, as hono's
 * `bodyLimit` does, without asking it: it reads `request.body` first, which makes
 * @hono/node-server build a whole web Request with a stream for every call (and read the body
 * through it), 5-6 % of the API's time in the busiest hour's profile (decision 074). A body
 * sent in chunks, with no length, is still counted by `bodyLimit` as it streams.
 */
export function limitBodies(documentPaths?: RegExp): MiddlewareHandler<ApiEnv> {
	return async (c, next) => {
		const { method } = c.req
		if (method === 'GET' || method === 'HEAD') return next()
		const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
		const documents = multipart && documentPaths?.test(c.req.path) === true
		const maxSize = documents ? DOCUMENT_MULTIPART_LIMIT : multipart ? MULTIPART_LIMIT : JSON_LIMIT
		const tooLarge = () => {
			const message = documents
				? MESSAGES.documentTooLarge
				: multipart
					? MESSAGES.fileTooLarge
					: MESSAGES.bodyTooLarge
			// Answered by the error handler, in the reader's language (decision 072). The unread
			// rest of the body makes the connection unusable; say so, or the client's next
			// request on it fails.
			throw new ApiError(413, message, undefined, { Connection: 'close' })
		}
		const length = c.req.header('content-length')
		if (length !== undefined && c.req.header('transfer-encoding') === undefined)
			return Number.parseInt(length || '0', 10) > maxSize ? tooLarge() : next()
		return bodyLimit({ maxSize, onError: tooLarge })(c, next)
	}
}
