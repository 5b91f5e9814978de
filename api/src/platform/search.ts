import type { Context } from 'hono'
import { z } from 'zod'
import { validate } from './validation.ts'

const searchQuery = z.object({
	search: z
		.string()
		.trim()
		.max(100, 'Search must be at most 100 characters')
		.optional()
		.transform((value) => (value ? value : undefined)),
})

/** The optional `search` query parameter, trimmed; blank reads as absent. */
export function readSearch(c: Context): string | undefined {
	return validate(searchQuery, c.req.query()).search
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (text: string) =>
	`%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
