import { z } from 'zod'
import { body, optionalText, requiredText } from '../platform/validation.ts'

const departmentName = requiredText('Department name', 100)
const description = optionalText('Description', 500)

export const departmentCreation = body({ departmentName, description })

export const departmentUpdate = body({
	departmentName: departmentName.optional(),
	description,
}).refine(
	(update) => update.departmentName !== undefined || update.description !== undefined,
	'Send departmentName or description to change',
)

export const departmentListQuery = z.object({
	departmentName: z
		.string()
		.trim()
		.max(100, 'Department name must be at most 100 characters')
		.optional()
		.transform((value) => (value ? value : undefined)),
	organizationId: z.guid({ error: 'organizationId must be a UUID' }).optional(),
})
