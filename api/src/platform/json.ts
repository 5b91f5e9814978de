import type { Context } from 'hono'
import type { z } from 'zod'
import { ApiError, MESSAGES } from './errors.ts'
import { validate } from './validation.ts'

export async function readJson(c: Context): Promise<unknown> {
	try {
		return JSON.parse(await c.req.text())
	} catch {
		throw new ApiError(400, MESSAGES.invalidJson)
	}
}

export const readJsonBody = async <T extends z.ZodType>(c: Context, schema: T) =>
	validate(schema, await readJson(c))
