import { describe, expect, test } from 'vitest'
import { apiForFile, call, login, organizationLogin, registerStudent } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const api = apiForFile()

const create = (token: string, json: unknown) =>
	call(api, 'POST', '/organizations/create-department', { token, json })

describe('department calls', () => {
	test('create, read, list with filters, rename and delete', async () => {
		const org = await newOrganization(api)
		const created = await create(org.token, { departmentName: '  Sciences ', description: 'Labs' })
		expect(created.status).toBe(201)
		expect(created.body).toEqual({
			message: 'Department created successfully',
			id: created.body.data.id,
			data: {
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				departmentName: 'Sciences',
				description: 'Labs',
				organizationId: org.id,
				createdAt: expect.any(String),
				updatedAt: expect.any(String),
			},
		})
		await create(org.token, { departmentName: 'Mathematics' })
		await create(org.token, { departmentName: 'Modern languages' })

		const one = await call(api, 'GET', `/organizations/departments/${created.body.id}`, {
			token: org.token,
		})
		expect(one.status).toBe(200)
		expect(one.body.data.departmentName).toBe('Sciences')

		const all = await call(api, 'GET', '/organizations/departments?limit=2', { token: org.token })
		expect(all.status).toBe(200)
		expect(all.body.data.total).toBe(3)
		expect(all.body.data.totalPages).toBe(2)
		expect(
			all.body.data.departments.map((d: { departmentName: string }) => d.departmentName),
		).toEqual(['Mathematics', 'Modern languages'])
		const filtered = await call(
			api,
			'GET',
			`/organizations/departments?departmentName=M&organizationId=${org.id}`,
			{ token: org.token },
		)
		expect(filtered.body.data.total).toBe(2)
		const literal = await call(api, 'GET', '/organizations/departments?departmentName=%25', {
			token: org.token,
		})
		expect(literal.body.data.total).toBe(0)

		const renamed = await call(api, 'PUT', `/organizations/departments/${created.body.id}`, {
			token: org.token,
			json: { departmentName: 'Natural sciences' },
		})
		expect(renamed.status).toBe(200)
		expect(renamed.body.message).toBe('Department updated successfully')
		expect(renamed.body.data).toMatchObject({
			departmentName: 'Natural sciences',
			description: 'Labs',
		})

		const deleted = await call(api, 'DELETE', `/organizations/departments/${created.body.id}`, {
			token: org.token,
		})
		expect(deleted.status).toBe(200)
		expect(deleted.body).toEqual({
			message: 'Department deleted successfully',
			id: created.body.id,
		})
		const gone = await call(api, 'GET', `/organizations/departments/${created.body.id}`, {
			token: org.token,
		})
		expect(gone.status).toBe(404)
		expect(gone.body).toEqual({ message: 'Department not found', code: 'not_found' })
	})

	test('bad input answers 400, a taken name 409', async () => {
		const org = await newOrganization(api)
		const blank = await create(org.token, { departmentName: ' ' })
		expect(blank.status).toBe(400)
		expect(blank.body.errors).toEqual([
			{ path: 'departmentName', msg: 'Department name is required' },
		])
		const long = await create(org.token, { departmentName: 'x'.repeat(101) })
		expect(long.body.errors[0].msg).toBe('Department name must be at most 100 characters')
		const badJson = await call(api, 'POST', '/organizations/create-department', {
			token: org.token,
			body: '{',
			headers: { 'content-type': 'application/json' },
		})
		expect(badJson.body).toEqual({ message: 'Invalid JSON body', code: 'invalid_json' })

		expect((await create(org.token, { departmentName: 'History' })).status).toBe(201)
		const again = await create(org.token, { departmentName: 'HISTORY' })
		expect(again.status).toBe(409)
		expect(again.body).toEqual({
			message: 'A department with this name already exists',
			code: 'conflict',
		})

		const other = await create(org.token, { departmentName: 'Art' })
		const clash = await call(api, 'PUT', `/organizations/departments/${other.body.id}`, {
			token: org.token,
			json: { departmentName: 'history' },
		})
		expect(clash.status).toBe(409)
		const empty = await call(api, 'PUT', `/organizations/departments/${other.body.id}`, {
			token: org.token,
			json: {},
		})
		expect(empty.status).toBe(400)
		expect(empty.body.errors).toEqual([
			{ path: 'body', msg: 'Send departmentName or description to change' },
		])

		const badId = await call(api, 'GET', '/organizations/departments/not-a-uuid', {
			token: org.token,
		})
		expect(badId.status).toBe(400)
		expect(badId.body.errors).toEqual([{ path: 'id', msg: 'id must be a UUID' }])
		const badPage = await call(api, 'GET', '/organizations/departments?page=0', {
			token: org.token,
		})
		expect(badPage.status).toBe(400)
		const unknown = await call(
			api,
			'DELETE',
			'/organizations/departments/00000000-0000-4000-8000-000000000000',
			{ token: org.token },
		)
		expect(unknown.status).toBe(404)
	})

	test('an organization cannot read or change another organization’s departments', async () => {
		const owner = await newOrganization(api)
		const intruder = await newOrganization(api)
		const { body } = await create(owner.token, { departmentName: 'Private' })
		const path = `/organizations/departments/${body.id}`

		for (const [method, json] of [
			['GET', undefined],
			['PUT', { departmentName: 'Taken over' }],
			['DELETE', undefined],
		] as const) {
			const answer = await call(api, method, path, { token: intruder.token, json })
			expect(answer.status).toBe(403)
			expect(answer.body).toEqual({
				message: 'You do not have permission to do this',
				code: 'forbidden',
			})
		}
		const list = await call(api, 'GET', `/organizations/departments?organizationId=${owner.id}`, {
			token: intruder.token,
		})
		expect(list.status).toBe(403)
		const own = await call(api, 'GET', '/organizations/departments', { token: intruder.token })
		expect(own.body.data).toEqual({ departments: [], total: 0, page: 1, totalPages: 0 })
		const still = await call(api, 'GET', path, { token: owner.token })
		expect(still.body.data.departmentName).toBe('Private')
	})

	test('members read their organization’s departments; outsiders and members cannot change them', async () => {
		const org = await newOrganization(api)
		const { body } = await create(org.token, { departmentName: 'Music' })
		const member = await newMember(api, org.token)
		const { token } = await login(api, member.email, 'Lantern-Harbour-42')
		const list = await call(api, 'GET', '/organizations/departments', { token })
		expect(list.body.data.total).toBe(1)
		const change = await call(api, 'PUT', `/organizations/departments/${body.id}`, {
			token,
			json: { departmentName: 'Noise' },
		})
		expect(change.status).toBe(403)
		expect((await create(token, { departmentName: 'Mine' })).status).toBe(403)

		const outsider = await registerStudent(api)
		const none = await call(api, 'GET', '/organizations/departments', { token: outsider.token })
		expect(none.status).toBe(403)
		const noToken = await call(api, 'GET', '/organizations/departments')
		expect(noToken.status).toBe(403)
		expect(noToken.body).toEqual({
			message: 'Access token is missing or expired',
			code: 'access_token_invalid',
		})
	})

	test('the demo organization has seeded departments', async () => {
		const { token } = await organizationLogin(api, 'organization@example.com')
		const list = await call(api, 'GET', '/organizations/departments', { token })
		expect(
			list.body.data.departments.map((d: { departmentName: string }) => d.departmentName),
		).toEqual(['Languages', 'Mathematics', 'Sciences'])
	})
})
