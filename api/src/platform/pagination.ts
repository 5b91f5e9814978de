import type { Context } from 'hono'
import { z } from '@hono/zod-openapi'
import { validate } from './validation.ts'

const MAX_LIMIT = 100

/**
 * A whole number of the query string from 1 to `max`. The contract declares the number and its
 * range, what a client sends and the API takes (decision 055), not the digits' pattern it is read with.
 */
export const wholeNumber = (message: string, max: number, digits = 9) =>
	z
		.string()
		.regex(new RegExp(`^\\d{1,${digits}}$`), message)
		.transform(Number)
		.refine((value) => value >= 1 && value <= max, message)
		.openapi({ type: 'integer', minimum: 1, maximum: max, pattern: undefined })

const pageNumber = wholeNumber('Page must be a whole number of at least 1', 1_000_000)
const pageLimit = wholeNumber(`Limit must be a whole number from 1 to ${MAX_LIMIT}`, MAX_LIMIT)

export const paginationQuery = z.object({
	page: pageNumber.default(1).openapi({ default: 1 }),
	limit: pageLimit.default(10).openapi({ default: 10 }),
})

/** `page` and `limit` of a list that is paged only when the caller sends either (issue 28). */
export const pageIfAskedQuery = z.object({
	page: pageNumber.optional(),
	limit: pageLimit.optional(),
})

/** The page asked for (`page` and `limit` default as in paginationQuery), or undefined: the whole list. */
export const pageIfAsked = ({ page, limit }: { page?: number; limit?: number }) =>
	page === undefined && limit === undefined
		? undefined
		: toPage({ page: page ?? 1, limit: limit ?? 10 })

export type Page = { page: number; limit: number; offset: number }

/** `page` (default 1) and `limit` (default 10, at most 100) from the query string; bad values: 400. */
export function readPage(c: Context): Page {
	return toPage(validate(paginationQuery, c.req.query()))
}

/** A declared route's validated `page` and `limit` (paginationQuery), with the rows to skip. */
export const toPage = ({ page, limit }: { page: number; limit: number }): Page => ({
	page,
	limit,
	offset: (page - 1) * limit,
})

/** A list's `pagination` answer: its true total, the page, its size and how many pages there are. */
export const pagination = (total: number, page: Page) => ({
	total,
	page: page.page,
	limit: page.limit,
	totalPages: Math.max(1, Math.ceil(total / page.limit)),
})

/**
 * A page's rows and the count of all the list's rows (`{ total }`). The count is asked for only
 * when the page cannot tell it: a page with fewer rows than its limit is the list's last, so the
 * total is the rows before it and on it (the first page of a short list, the usual case, is one
 * statement, not two; decision 076). A full page, or an empty one past the first, counts after it.
 */
export async function rowsAndTotal<Row>(
	page: Pick<Page, 'limit' | 'offset'>,
	rows: Promise<Row[]>,
	count: () => Promise<{ total: string | number | bigint }>,
) {
	const list = await rows
	const total = totalFromPage(page, list.length) ?? Number((await count()).total)
	return { rows: list, total }
}

/** The list's total when a page of `length` rows says it (see rowsAndTotal), else undefined. */
export const totalFromPage = ({ limit, offset }: Pick<Page, 'limit' | 'offset'>, length: number) =>
	length < limit && (length > 0 || offset === 0) ? offset + length : undefined

/** `pagination()`'s shape, declared for the contract. */
export const paginationAnswer = z
	.object({
		total: z.number().int(),
		page: z.number().int(),
		limit: z.number().int(),
		totalPages: z.number().int(),
	})
	.openapi('Pagination')

/** The page of a list of the older shape (announcements, resources, templates, ...). */
export const pageAnswer = z.object({
	total: z.number().int(),
	currentPage: z.number().int(),
	totalPages: z.number().int(),
})

export const pageOf = (total: number, page: Page): z.input<typeof pageAnswer> => ({
	total,
	currentPage: page.page,
	totalPages: Math.max(1, Math.ceil(total / page.limit)),
})
