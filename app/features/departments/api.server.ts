import { t } from '@lingui/core/macro'
import type { createUpstream } from '~/platform/upstream.server'
import { departmentAnswerSchema, departmentDeletedSchema, departmentListSchema } from './schema'

type Upstream = ReturnType<typeof createUpstream>

// The Departments calls of spec section 7, each with the spec's fallback text. Reads go through
// the upstream cache: a repeat within 5 minutes is served from it and a fetch already in flight
// is joined, unless `fresh` (the user's Refresh) asks for a new one.

export type DepartmentQuery = {
	page?: number
	limit?: number
	departmentName?: string
	organizationId?: string
	fresh?: boolean
}

export async function getDepartments(
	api: Upstream,
	{ page = 1, limit = 10, departmentName, organizationId, fresh }: DepartmentQuery = {},
) {
	const { data } = await api.get('/organizations/departments', {
		query: {
			page,
			limit,
			...(departmentName && { departmentName }),
			...(organizationId && { organizationId }),
		},
		schema: departmentListSchema,
		fallback: t`Failed to fetch departments`,
		retry: true,
		fresh,
	})
	return data
}

const departmentPath = (id: string) => `/organizations/departments/${encodeURIComponent(id)}`

export async function getDepartment(api: Upstream, id: string) {
	const { data } = await api.get(departmentPath(id), {
		schema: departmentAnswerSchema,
		fallback: t`Failed to fetch department`,
	})
	return data
}

type DepartmentFields = { departmentName: string; description?: string }

export function createDepartment(api: Upstream, fields: DepartmentFields) {
	return api.send('POST', '/organizations/create-department', {
		json: fields,
		schema: departmentAnswerSchema,
		fallback: t`Failed to create department`,
	})
}

export function updateDepartment(api: Upstream, id: string, fields: DepartmentFields) {
	return api.send('PUT', departmentPath(id), {
		json: { departmentName: fields.departmentName, description: fields.description ?? null },
		schema: departmentAnswerSchema,
		fallback: t`Failed to update department`,
	})
}

export function deleteDepartment(api: Upstream, id: string) {
	return api.send('DELETE', departmentPath(id), {
		schema: departmentDeletedSchema,
		fallback: t`Failed to delete department`,
	})
}
