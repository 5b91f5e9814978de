import type { Context } from 'hono'
import { z } from 'zod'
import { validate } from './validation.ts'

/** A `search` query field: trimmed, at most 100 characters, blank read as absent. */
export const searchText = z
	.string()
	.trim()
	.max(100, 'Search must be at most 100 characters')
	.optional()
	.transform((value) => (value ? value : undefined))

const searchQuery = z.object({ search: searchText })

/** The optional `search` query parameter, trimmed; blank reads as absent. */
export function readSearch(c: Context): string | undefined {
	return validate(searchQuery, c.req.query()).search
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (text: string) =>
	`%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
