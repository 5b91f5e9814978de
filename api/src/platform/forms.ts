import type { Context } from 'hono'
import { validationError } from './errors.ts'

/** The multipart form's fields and files; a body that is not a readable form is a 400. */
export async function readForm(c: Context): Promise<Record<string, string | File>> {
	try {
		return await c.req.parseBody()
	} catch {
		throw validationError([{ path: 'body', msg: 'Send the form as multipart/form-data' }])
	}
}

export const isMultipart = (c: Context) =>
	/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
