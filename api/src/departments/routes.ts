import { Hono } from 'hono'
import type { Account, ApiDeps, ApiEnv } from '../platform/context.ts'
import { ApiError, isUniqueViolation, MESSAGES } from '../platform/errors.ts'
import { readJsonBody } from '../platform/json.ts'
import { readPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import { readId, validate } from '../platform/validation.ts'
import { toDepartment, type DepartmentRow } from './present.ts'
import {
	deleteDepartment,
	findDepartment,
	insertDepartment,
	listDepartments,
	updateDepartment,
} from './repository.ts'
import { departmentCreation, departmentListQuery, departmentUpdate } from './schemas.ts'

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

	const loadDepartment = async (id: string | undefined) => {
		const department = await findDepartment(db, readId('id', id))
		if (!department) throw new ApiError(404, NOT_FOUND)
		return department
	}

	return new Hono<ApiEnv>()
		.post('/create-department', requireAccount({ roles: ['organization'] }), async (c) => {
			const { departmentName, description } = await readJsonBody(c, departmentCreation)
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
		})
		.get('/departments', requireAccount(), async (c) => {
			const account = c.get('account')
			const page = readPage(c)
			const filters = validate(departmentListQuery, c.req.query())
			const organizationId = filters.organizationId ?? account.orgId
			if (!organizationId || !mayRead(account, organizationId)) {
				throw new ApiError(403, MESSAGES.forbidden)
			}
			const { rows, total } = await listDepartments(
				db,
				organizationId,
				filters.departmentName,
				page,
			)
			return c.json({
				data: {
					departments: rows.map(toDepartment),
					total,
					page: page.page,
					totalPages: Math.ceil(total / page.limit),
				},
			})
		})
		.get('/departments/:id', requireAccount(), async (c) => {
			const department = await loadDepartment(c.req.param('id'))
			if (!mayRead(c.get('account'), department.organization_id)) {
				throw new ApiError(403, MESSAGES.forbidden)
			}
			return c.json({ data: toDepartment(department) })
		})
		.put('/departments/:id', requireAccount({ roles: ['organization'] }), async (c) => {
			const department = await loadDepartment(c.req.param('id'))
			if (!mayChange(c.get('account'), department)) throw new ApiError(403, MESSAGES.forbidden)
			const changes = await readJsonBody(c, departmentUpdate)
			const updated = await updateDepartment(db, department.id, changes).catch(rethrowDuplicate)
			if (!updated) throw new ApiError(404, NOT_FOUND)
			return c.json({ message: 'Department updated successfully', data: toDepartment(updated) })
		})
		.delete('/departments/:id', requireAccount({ roles: ['organization'] }), async (c) => {
			const department = await loadDepartment(c.req.param('id'))
			if (!mayChange(c.get('account'), department)) throw new ApiError(403, MESSAGES.forbidden)
			await deleteDepartment(db, department.id)
			return c.json({ message: 'Department deleted successfully', id: department.id })
		})
}
