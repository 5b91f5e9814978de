import { z } from 'zod'
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
