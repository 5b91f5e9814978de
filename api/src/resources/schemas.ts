import { z } from '@hono/zod-openapi'
import { isoDateTime, uploadedFile } from '../platform/openapi.ts'
import { pageAnswer, paginationQuery } from '../platform/pagination.ts'
import {
	body,
	declaredAs,
	optionalText,
	orEmpty,
	requiredText,
	builtText,
} from '../platform/validation.ts'
import { RESOURCE_TYPES } from '../schema.ts'

const resourceType = z.enum(RESOURCE_TYPES, {
	error: builtText('Resource type must be one of: {values}', { values: RESOURCE_TYPES.join(', ') }),
})

const link = z
	.string()
	.trim()
	.max(2000, 'Link must be at most 2000 characters')
	.refine((value) => {
		if (value === '') return true
		try {
			return ['http:', 'https:'].includes(new URL(value).protocol)
		} catch {
			return false
		}
	}, 'Link must be a web address starting with http:// or https://')
	.openapi(orEmpty(declaredAs.webAddress))
	.optional()
	.transform((value) => value || null)

/** POST /resources/upload: the text fields, and a file (read by readOptionalDocument) or a link. */
export const resourceUpload = body({
	file: uploadedFile.optional(),
	title: requiredText('Title', 200),
	description: optionalText('Description', 2000),
	subject: requiredText('Subject', 100),
	resourceType,
	url: link,
})

export const resourceQuery = paginationQuery.extend({
	search: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
	subject: z.string().trim().max(100, 'Subject must be at most 100 characters').default('All'),
	type: z
		.enum(['all', ...RESOURCE_TYPES], {
			error: builtText('Type must be all or one of: {values}', {
				values: RESOURCE_TYPES.join(', '),
			}),
		})
		.default('all'),
})
export type ResourceQuery = z.output<typeof resourceQuery>

/** The README's Resource: a file to download or a link. */
export const resource = z
	.object({
		id: z.string(),
		title: z.string(),
		description: z.string().nullable(),
		subject: z.string(),
		resourceType: z.enum(RESOURCE_TYPES),
		url: z.string().nullable(),
		file: z
			.object({
				name: z.string(),
				contentType: z.string(),
				size: z.number().int(),
				downloadPath: z.string(),
			})
			.nullable(),
		uploadedBy: z.object({ id: z.string(), name: z.string() }),
		createdAt: isoDateTime,
	})
	.openapi('Resource')

export const oneResource = z.object({ resource })

export const uploadedResource = z.object({ message: z.string(), resource })

export const resourceList = z.object({
	resources: z.array(resource),
	pagination: pageAnswer.extend({ limit: z.number().int() }),
	/** Every subject in the library, for the filter. */
	subjects: z.array(z.string()),
})
