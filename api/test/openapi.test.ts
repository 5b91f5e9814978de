import { expect, test, vi } from 'vitest'
import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { handleError } from '../src/platform/errors.ts'
import { answers, ApiRoutes } from '../src/platform/openapi.ts'
import { apiForFile, call, registerStudent, startApi } from './helpers.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const api = apiForFile({ seed: false })

test('GET /openapi.json is an OpenAPI 3.1 document of the declared calls', async () => {
	const answer = await call(api, 'GET', '/openapi.json')
	expect(answer.status).toBe(200)
	expect(answer.body.openapi).toBe('3.1.0')
	const announcements = answer.body.paths['/api/v1/announcements/{id}']
	expect(Object.keys(announcements)).toEqual(['get', 'put', 'delete'])
	expect(announcements.get.parameters).toEqual([
		expect.objectContaining({ name: 'id', in: 'path', required: true }),
	])
	expect(announcements.put.requestBody.content['application/json'].schema.required).toEqual([
		'title',
		'body',
	])
	expect(announcements.get.responses['200'].content['application/json'].schema).toEqual({
		type: 'object',
		properties: { announcement: { $ref: '#/components/schemas/Announcement' } },
		required: ['announcement'],
	})
	expect(announcements.get.responses.default.content['application/json'].schema).toEqual({
		$ref: '#/components/schemas/Error',
	})
	expect(answer.body.components.schemas.Announcement.required).toContain('createdAt')
	// Who may call (decision 042): the guard's roles.
	expect(announcements.put.security).toEqual([{ bearer: [] }])
	expect(announcements.put['x-roles']).toEqual(['tutor', 'organization'])
	expect(answer.body.paths['/api/v1/courses/public/list'].get.security).toBeUndefined()
})

test('no named schema is null itself (a .nullable() of it belongs where it is used)', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const nullable = Object.entries(body.components.schemas as Record<string, { type?: unknown }>)
		.filter(([, schema]) => Array.isArray(schema.type) && schema.type.includes('null'))
		.map(([name]) => name)
	expect(nullable).toEqual([])
})

test('GET /reference lists each call on a page that needs no other site', async () => {
	const answer = await call(api, 'GET', '/reference')
	expect(answer.status).toBe(200)
	expect(answer.headers.get('content-type')).toContain('text/html')
	expect(answer.body).toContain('<code>PUT /api/v1/announcements/{id}</code>')
	expect(answer.body).toContain('Bearer token of: tutor, organization.')
	expect(answer.body).not.toMatch(/<(script|link)\b/)
})

test('a request off its declared schema gets the same 400 as before', async () => {
	const student = await registerStudent(api)
	const answer = await call(api, 'GET', '/announcements/not-a-uuid', { token: student.token })
	expect(answer.status).toBe(400)
	expect(answer.body).toEqual({
		message: 'Validation failed',
		errors: [{ path: 'id', msg: 'id must be a UUID' }],
	})
})

test('production serves the document but not the browsable page', async () => {
	const production = await startApi({ seed: false, config: { production: true } })
	try {
		expect((await call(production, 'GET', '/openapi.json')).status).toBe(200)
		expect((await call(production, 'GET', '/reference')).status).toBe(404)
	} finally {
		await production.close()
	}
})

const thing = createRoute({
	method: 'get',
	path: '/thing',
	responses: answers({ 200: z.object({ id: z.string() }) }),
})

/** A route whose handler answers `body` with `status`, as a drifting present function would. */
function drifting(production: boolean, body: unknown, status: 200 | 201) {
	const routes = new ApiRoutes({ production }).endpoint(thing, (c) => c.json(body as never, status))
	routes.onError(handleError)
	return routes
}

test('outside production an answer off its declared schema or status is a 500', async () => {
	expect((await drifting(false, { id: 7 }, 200).request('/thing')).status).toBe(500)
	expect((await drifting(false, { id: '7' }, 201).request('/thing')).status).toBe(500)
	expect((await drifting(false, { id: '7' }, 200).request('/thing')).status).toBe(200)
	expect((await drifting(true, { id: 7 }, 200).request('/thing')).status).toBe(200)
})

test('api/openapi.json is the document the API serves (vitest -u rewrites it)', async () => {
	const answer = await call(api, 'GET', '/openapi.json')
	await expect(`${JSON.stringify(answer.body, null, '\t')}\n`).toMatchFileSnapshot(
		'../openapi.json',
	)
})
