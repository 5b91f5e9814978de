import { t } from '@lingui/core/macro'
import { z } from 'zod'

/** Departments shown on a page of the list. */
export const DEPARTMENTS_PER_PAGE = 10

// Answers of the reference API (api/README.md).
export const departmentSchema = z.object({
	id: z.string(),
	departmentName: z.string(),
	description: z.string().nullable().optional(),
	organizationId: z.string(),
	createdAt: z.string().optional(),
	updatedAt: z.string().optional(),
})
export type Department = z.infer<typeof departmentSchema>

export const departmentListSchema = z.object({
	data: z.object({ departments: z.array(departmentSchema), total: z.number() }),
})
export const departmentAnswerSchema = z.object({
	message: z.string().optional(),
	data: departmentSchema,
})
export const departmentDeletedSchema = z.object({ message: z.string().optional() })

const departmentName = z
	.string({ error: () => t`Enter the department name` })
	.trim()
	.min(1, { error: () => t`Enter the department name` })
	.max(100, { error: () => t`Department name must be at most 100 characters` })
const description = z
	.string()
	.trim()
	.max(500, { error: () => t`Description must be at most 500 characters` })
	.optional()

export const createDepartmentSchema = z.object({
	intent: z.literal('create'),
	departmentName,
	description,
})

export const renameDepartmentSchema = z.object({
	intent: z.literal('rename'),
	departmentId: z.string().min(1),
	departmentName,
	description,
})

export const deleteDepartmentSchema = z.object({
	intent: z.literal('delete'),
	departmentId: z.string().min(1),
})

/** The departments page's forms, told apart by `intent`. */
export const departmentActionSchema = z.discriminatedUnion('intent', [
	createDepartmentSchema,
	renameDepartmentSchema,
	deleteDepartmentSchema,
])
