import type { Account, ApiDeps } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { toDepartment } from './present.ts'
import {
	deleteDepartment,
	findDepartment,
	insertDepartment,
	listDepartments,
	updateDepartment,
	type DepartmentRow,
} from './repository.ts'
import {
	createdDepartment,
	departmentAnswer,
	departmentCreation,
	departmentList,
	departmentListQuery,
	departmentUpdate,
	savedDepartment,
} from './schemas.ts'

const DUPLICATE = 'A department with this name already exists'
const NOT_FOUND = 'Department not found'

/** Departments are read by their organization and its members, changed by the organization. */
const mayRead = (account: Account, organizationId: string) => account.orgId === organizationId

const mayChange = (account: Account, department: DepartmentRow) =>
	account.role === 'organization' && account.id === department.organization_id

const rethrowDuplicate = (error: unknown): never => {
	if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE)
	throw error
}

/** Spec section 7's department calls, mounted under `/organizations`. */
export function departmentRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const organizationOnly = requireAccount({ roles: ['organization'] })

	const loadDepartment = async (id: string) => {
		const department = await findDepartment(db, id)
		if (!department) throw new ApiError(404, NOT_FOUND)
		return department
	}

	return new ApiRoutes(config, 'departments')
		.endpoint(
			{
				method: 'post',
				path: '/create-department',
				operationId: 'createDepartment',
				summary: 'Create a department of the calling organization',
				middleware: organizationOnly,
				request: { body: jsonBody(departmentCreation) },
				description:
					'An organization creates a department. Names are unique within an organization, any letter case.',
				responses: answers(
					{ 201: createdDepartment },
					{ 409: 'A department with this name already exists' },
				),
			},
			async (c) => {
				const { departmentName, description } = c.req.valid('json')
				const department = await insertDepartment(db, {
					organizationId: c.get('account').id,
					departmentName,
					description: description ?? null,
				}).catch(rethrowDuplicate)
				return c.json(
					{
						message: 'Department created successfully',
						id: department.id,
						data: toDepartment(department),
					},
					201,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/departments',
				operationId: 'getDepartments',
				summary: "An organization's departments (the caller's own by default), by name",
				middleware: requireAccount(),
				request: { query: departmentListQuery },
				description:
					"The organization, or one of its teachers and students: its departments, by name. `organizationId` defaults to the caller's organization and must be it; `departmentName` matches any part of the name.",
				responses: answers({ 200: departmentList }, { 403: MESSAGES.forbidden }),
			},
			async (c) => {
				const account = c.get('account')
				const query = c.req.valid('query')
				const page = toPage(query)
				const organizationId = query.organizationId ?? account.orgId
				if (!organizationId || !mayRead(account, organizationId)) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				const { rows, total } = await listDepartments(
					db,
					organizationId,
					query.departmentName,
					page,
				)
				return c.json(
					{
						data: {
							departments: rows.map(toDepartment),
							total,
							page: page.page,
							totalPages: Math.ceil(total / page.limit),
						},
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/departments/{id}',
				operationId: 'getDepartment',
				summary: 'A department',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: "The department's organization, or one of its teachers and students.",
				responses: answers(
					{ 200: departmentAnswer },
					{ 403: MESSAGES.forbidden, 404: 'Department not found' },
				),
			},
			async (c) => {
				const department = await loadDepartment(c.req.valid('param').id)
				if (!mayRead(c.get('account'), department.organization_id)) {
					throw new ApiError(403, MESSAGES.forbidden)
				}
				return c.json({ data: toDepartment(department) }, 200)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/departments/{id}',
				operationId: 'updateDepartment',
				summary: 'Rename a department or change its description',
				middleware: organizationOnly,
				request: { params: uuidParams('id'), body: jsonBody(departmentUpdate) },
				description:
					"The department's organization changes its name or description (at least one).",
				responses: answers(
					{ 200: savedDepartment },
					{
						403: MESSAGES.forbidden,
						404: 'Department not found',
						409: 'A department with this name already exists',
					},
				),
			},
			async (c) => {
				const department = await loadDepartment(c.req.valid('param').id)
				if (!mayChange(c.get('account'), department)) throw new ApiError(403, MESSAGES.forbidden)
				const updated = await updateDepartment(db, department.id, c.req.valid('json')).catch(
					rethrowDuplicate,
				)
				if (!updated) throw new ApiError(404, NOT_FOUND)
				return c.json(
					{ message: 'Department updated successfully', data: toDepartment(updated) },
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/departments/{id}',
				operationId: 'deleteDepartment',
				summary: 'Delete a department',
				middleware: organizationOnly,
				request: { params: uuidParams('id') },
				description: "The department's organization deletes it.",
				responses: answers(
					{ 200: deletedAnswer },
					{ 403: MESSAGES.forbidden, 404: 'Department not found' },
				),
			},
			async (c) => {
				const department = await loadDepartment(c.req.valid('param').id)
				if (!mayChange(c.get('account'), department)) throw new ApiError(403, MESSAGES.forbidden)
				await deleteDepartment(db, department.id)
				return c.json({ message: 'Department deleted successfully', id: department.id }, 200)
			},
		)
}
