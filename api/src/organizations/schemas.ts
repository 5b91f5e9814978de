import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { ORGANIZATION_TYPES } from '../schema.ts'
import {
	body,
	email,
	newPassword,
	optionalText,
	phone,
	requiredText,
} from '../platform/validation.ts'

const isWebAddress = (value: string) => {
	try {
		return ['http:', 'https:'].includes(new URL(value).protocol)
	} catch {
		return false
	}
}

export const organizationRegistration = body({
	name: requiredText('Name', 200),
	email,
	password: newPassword,
	type: z.enum(ORGANIZATION_TYPES, {
		error: `Type must be one of ${ORGANIZATION_TYPES.join(', ')}`,
	}),
	country: requiredText('Country', 100),
	phone,
	address: optionalText('Address', 500),
	website: optionalText('Website', 300).refine(
		(value) => value == null || isWebAddress(value),
		'Enter a website address starting with http:// or https://',
	),
	description: optionalText('Description', 2000),
})

const organizationType = z.enum(ORGANIZATION_TYPES, {
	error: `Type must be one of ${ORGANIZATION_TYPES.join(', ')}`,
})

/** PUT /organizations/{id}: the fields to change, or `{ deleted: true }` to delete. */
export const organizationUpdate = body({
	deleted: z.literal(true, { error: 'deleted must be true to delete' }).optional(),
	name: requiredText('Name', 200).optional(),
	type: organizationType.optional(),
	country: requiredText('Country', 100).optional(),
	phone,
	address: optionalText('Address', 500),
	website: optionalText('Website', 300).refine(
		(value) => value == null || isWebAddress(value),
		'Enter a website address starting with http:// or https://',
	),
	description: optionalText('Description', 2000),
})

export const organizationListQuery = z.object({
	type: organizationType.optional(),
	country: z
		.string()
		.trim()
		.max(100, 'Country must be at most 100 characters')
		.optional()
		.transform((value) => (value ? value : undefined)),
})

export const studentAttachment = body({ email })

/** The README's Organization account, as its own login and its profile show it. */
export const organizationAccount = z
	.object({
		id: z.string(),
		role: z.literal('organization'),
		email: z.string(),
		name: z.string(),
		type: z.enum(ORGANIZATION_TYPES),
		country: z.string(),
		phone: z.string().nullable(),
		address: z.string().nullable(),
		website: z.string().nullable(),
		description: z.string().nullable(),
		logo: z.string().nullable(),
		createdAt: isoDateTime,
	})
	.openapi('Organization')
