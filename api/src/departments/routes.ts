import type { ApiDeps } from '../platform/context.ts'
import { MESSAGES } from '../platform/errors.ts'
import { answers, ApiRoutes, deletedAnswer, jsonBody, uuidParams } from '../platform/openapi.ts'
import { toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	DEPARTMENT_REFUSALS,
	ownDepartment,
	readableDepartment,
	readableOrganization,
} from './access.ts'
import { changeDepartment, createDepartment, DUPLICATE } from './editing.ts'
import { toDepartment } from './present.ts'
import { deleteDepartment, listDepartments } from './repository.ts'
import {
	createdDepartment,
	departmentAnswer,
	departmentCreation,
	departmentList,
	departmentListQuery,
	departmentUpdate,
	savedDepartment,
} from './schemas.ts'

/** Spec section 7's department calls, mounted under `/organizations`. */
export function departmentRoutes({ db, config }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })
	const organizationOnly = requireAccount({ roles: ['organization'] })

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
				responses: answers({ 201: createdDepartment }, { 409: DUPLICATE }),
			},
			async (c) => {
				const department = await createDepartment(db, c.get('account'), c.req.valid('json'))
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
				const organizationId = readableOrganization(account, query.organizationId)
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
				responses: answers({ 200: departmentAnswer }, DEPARTMENT_REFUSALS),
			},
			async (c) => {
				const department = await readableDepartment(db, c.get('account'), c.req.valid('param').id)
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
						...DEPARTMENT_REFUSALS,
						409: DUPLICATE,
					},
				),
			},
			async (c) => {
				const department = await ownDepartment(db, c.get('account'), c.req.valid('param').id)
				const updated = await changeDepartment(db, department.id, c.req.valid('json'))
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
				responses: answers({ 200: deletedAnswer }, DEPARTMENT_REFUSALS),
			},
			async (c) => {
				const department = await ownDepartment(db, c.get('account'), c.req.valid('param').id)
				await deleteDepartment(db, department.id)
				return c.json({ message: 'Department deleted successfully', id: department.id }, 200)
			},
		)
}
