import { z } from 'zod'
import { body, optionalText, requiredText } from '../platform/validation.ts'
import { RESOURCE_TYPES } from '../schema.ts'

const resourceType = z.enum(RESOURCE_TYPES, {
	error: `Resource type must be one of: ${RESOURCE_TYPES.join(', ')}`,
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
	.optional()
	.transform((value) => value || null)

/** The text fields of POST /resources/upload; the file is read on its own. */
export const resourceUpload = body({
	title: requiredText('Title', 200),
	description: optionalText('Description', 2000),
	subject: requiredText('Subject', 100),
	resourceType,
	url: link,
})

export const resourceQuery = z.object({
	search: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
	subject: z.string().trim().max(100, 'Subject must be at most 100 characters').default('All'),
	type: z
		.enum(['all', ...RESOURCE_TYPES], {
			error: `Type must be all or one of: ${RESOURCE_TYPES.join(', ')}`,
		})
		.default('all'),
})
export type ResourceQuery = z.output<typeof resourceQuery>
