import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { paginationQuery } from '../platform/pagination.ts'
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

export const departmentListQuery = paginationQuery.extend({
	departmentName: z
		.string()
		.trim()
		.max(100, 'Department name must be at most 100 characters')
		.optional()
		.transform((value) => (value ? value : undefined)),
	organizationId: z.guid({ error: 'organizationId must be a UUID' }).optional(),
})

/** The README's Department. */
export const department = z
	.object({
		id: z.string(),
		departmentName: z.string(),
		description: z.string().nullable(),
		organizationId: z.string(),
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
	})
	.openapi('Department')

/** `GET /organizations/departments`: a page of them by name, with the older page fields. */
export const departmentList = z.object({
	data: z.object({
		departments: z.array(department),
		total: z.number().int(),
		page: z.number().int(),
		totalPages: z.number().int(),
	}),
})

export const departmentAnswer = z.object({ data: department })

export const savedDepartment = z.object({ message: z.string(), data: department })

export const createdDepartment = savedDepartment.extend({ id: z.string() })
