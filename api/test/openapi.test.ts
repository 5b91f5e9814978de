import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test, vi } from 'vitest'
import { createRoute } from '@hono/zod-openapi'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { z } from 'zod'
import { handleError } from '../src/platform/errors.ts'
import { answers, ApiRoutes, exampleText } from '../src/platform/openapi.ts'
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
	expect(announcements.get.responses.default).toEqual({ $ref: '#/components/responses/Failure' })
	expect(answer.body.components.responses.Failure.content['application/json'].schema).toEqual({
		$ref: '#/components/schemas/Error',
	})
	expect(answer.body.components.schemas.Announcement.required).toContain('createdAt')
	// Who may call (decision 042): the guard's roles.
	expect(announcements.put.security).toEqual([{ bearer: [] }])
	expect(announcements.put['x-roles']).toEqual(['tutor', 'organization'])
	expect(answer.body.paths['/api/v1/courses/public/list'].get.security).toEqual([])
})

test('no named schema is null itself (a .nullable() of it belongs where it is used)', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const nullable = Object.entries(body.components.schemas as Record<string, { type?: unknown }>)
		.filter(([, schema]) => Array.isArray(schema.type) && schema.type.includes('null'))
		.map(([name]) => name)
	expect(nullable).toEqual([])
})

test("GET /reference is Scalar's page, its script served by the API itself, no CDN", async () => {
	const answer = await call(api, 'GET', '/reference')
	expect(answer.status).toBe(200)
	expect(answer.headers.get('content-type')).toContain('text/html')
	const page = answer.body as string
	expect(page).toContain('<script src="reference/scalar.js"></script>')
	expect(page).toContain('"url": "openapi.json"')
	expect(page).not.toMatch(/https?:\/\//)
	const script = await fetch(`${api.baseUrl}/reference/scalar.js`)
	expect(script.status).toBe(200)
	expect(script.headers.get('content-type')).toContain('text/javascript')
	expect(await script.text()).toContain('createApiReference')
})

test('a request off its declared schema gets the same 400 as before', async () => {
	const student = await registerStudent(api)
	const answer = await call(api, 'GET', '/announcements/not-a-uuid', { token: student.token })
	expect(answer.status).toBe(400)
	expect(answer.body).toEqual({
		message: 'Validation failed',
		code: 'validation_failed',
		errors: [{ path: 'id', msg: 'id must be a UUID' }],
	})
})

test('production serves the document but not the browsable page', async () => {
	const production = await startApi({ seed: false, config: { production: true } })
	try {
		expect((await call(production, 'GET', '/openapi.json')).status).toBe(200)
		expect((await call(production, 'GET', '/reference')).status).toBe(404)
		expect((await call(production, 'GET', '/reference/scalar.js')).status).toBe(404)
	} finally {
		await production.close()
	}
})

const thing = createRoute({
	method: 'get',
	path: '/thing',
	operationId: 'getThing',
	responses: answers({ 200: z.object({ id: z.string() }) }),
})

/** A route whose handler answers `body` with `status`, as a drifting present function would. */
function drifting(production: boolean, body: unknown, status: 200 | 201) {
	const routes = new ApiRoutes({ production }, 'things').endpoint(thing, (c) =>
		c.json(body as never, status),
	)
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

// Decision 055: the document is one a validator or a generated client can use as written.

/** The served document in ajv (JSON Schema 2020-12 with its formats), as other tools read it. */
async function documentInAjv() {
	const { body } = await call(api, 'GET', '/openapi.json')
	const ajv = new Ajv2020({ strict: false, allErrors: true })
	addFormats(ajv)
	for (const format of ['binary', 'int32', 'int64']) ajv.addFormat(format, true)
	ajv.addSchema(body, 'contract')
	const pointer = (path: string, method: string) =>
		`contract#/paths/${path.replaceAll('/', '~1')}/${method}`
	return {
		body,
		requestBody: (path: string, method: string, type = 'application/json') =>
			ajv.getSchema(
				`${pointer(path, method)}/requestBody/content/${type.replaceAll('/', '~1')}/schema`,
			)!,
		parameter: (path: string, method: string, name: string) => {
			const operation = body.paths[path][method]
			const index = operation.parameters.findIndex((one: { name: string }) => one.name === name)
			return ajv.getSchema(`${pointer(path, method)}/parameters/${index}/schema`)!
		},
	}
}

test('the email pattern is JSON Schema 2020-12 as written: a login with Student@Example.com passes', async () => {
	const { requestBody } = await documentInAjv()
	const login = requestBody('/api/v1/auth/login', 'post')
	expect(login({ email: 'Student@Example.com', password: 'Lantern-Harbour-42' })).toBe(true)
	expect(login({ email: 'student@[192.168.0.1]', password: 'x' })).toBe(true)
	expect(login({ email: 'not an email', password: 'x' })).toBe(false)
	const register = requestBody('/api/v1/auth/register-student', 'post')
	expect(
		register({
			firstName: 'Sam',
			lastName: 'Rivera',
			email: 'SAM@school.EDU',
			password: 'Lantern-Harbour-42',
		}),
		JSON.stringify(register.errors),
	).toBe(true)
})

test('a page or limit out of its range is refused by the document and by the API alike', async () => {
	const { parameter } = await documentInAjv()
	const limit = parameter('/api/v1/courses/public/list', 'get', 'limit')
	const page = parameter('/api/v1/courses/public/list', 'get', 'page')
	expect([limit(100), limit(101), limit(0), page(1), page(0)]).toEqual([
		true,
		false,
		false,
		true,
		false,
	])
	const list = (query: string) => call(api, 'GET', `/courses/public/list?${query}`)
	expect((await list('limit=100')).status).toBe(200)
	expect((await list('limit=101')).status).toBe(400)
	expect((await list('limit=0')).status).toBe(400)
	expect((await list('page=0')).status).toBe(400)
})

test('the formats the API checks are declared: dates, clock times, web addresses, phones, required files', async () => {
	const { requestBody } = await documentInAjv()
	const session = requestBody('/api/v1/schedules/{id}', 'put')
	expect(session({ scheduledDate: '2026-12-01', startTime: '09:30' })).toBe(true)
	expect(session({ scheduledDate: '01/12/2026' })).toBe(false)
	expect(session({ startTime: '9.30' })).toBe(false)
	const profile = requestBody('/api/v1/users/student/profile', 'put')
	expect(profile({ phone: '+44 (20) 7946-0958', dateOfBirth: '2010-04-05' })).toBe(true)
	expect(profile({ phone: '', dateOfBirth: '' }), 'empty clears').toBe(true)
	expect(profile({ phone: '12345' })).toBe(false)
	expect(profile({ dateOfBirth: 'yesterday' })).toBe(false)
	const onboarding = requestBody('/api/v1/payments/onboarding', 'post')
	expect(onboarding({ returnUrl: 'https://a.example/r', refreshUrl: 'http://a.example/f' })).toBe(
		true,
	)
	expect(onboarding({ returnUrl: 'javascript:alert(1)', refreshUrl: 'http://a.example' })).toBe(
		false,
	)
	const picture = requestBody(
		'/api/v1/auth/upload-student-profile-picture',
		'post',
		'multipart/form-data',
	)
	expect(picture({}), 'the picture is required').toBe(false)
})

test('every call has its own operationId, its domain as tag and says who may call', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const operations = Object.entries(body.paths as Record<string, Record<string, never>>).flatMap(
		([path, item]) =>
			Object.entries(item).map(([method, operation]) => ({
				path,
				method,
				...(operation as { operationId?: string; tags?: string[]; security?: unknown[] }),
			})),
	)
	expect(operations.length).toBeGreaterThan(100)
	const ids = operations.map((one) => one.operationId)
	expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([])
	expect(ids.length).toBe(new Set(ids).size)
	expect(operations.filter((one) => one.tags?.length !== 1).map((one) => one.path)).toEqual([])
	expect(operations.filter((one) => !Array.isArray(one.security)).map((one) => one.path)).toEqual(
		[],
	)
	// The app's name for the call (decision 060), and the folder of api/src that declares it.
	expect(body.paths['/api/v1/courses/{id}/students'].get.operationId).toBe('listCourseStudents')
	expect(body.paths['/api/v1/courses/{id}/students'].get.tags).toEqual(['courses'])
	expect(body.paths['/api/v1/organizations/{id}/roster/imports'].post.tags).toEqual(['roster'])
	expect(body.tags).toContainEqual(expect.objectContaining({ name: 'courses' }))
})

test('every call says what it does and who may call, and each refusal its texts (decision 059)', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	type Example = { $ref?: string; value?: unknown }
	type Response = {
		$ref?: string
		content?: { 'application/json'?: { examples?: Record<string, Example> } }
	}
	const missing: string[] = []
	for (const [path, item] of Object.entries(
		body.paths as Record<
			string,
			Record<
				string,
				{ summary?: string; description?: string; responses: Record<string, Response> }
			>
		>,
	))
		for (const [method, operation] of Object.entries(item)) {
			const name = `${method.toUpperCase()} ${path}`
			if (!operation.summary?.trim()) missing.push(`${name}: no summary`)
			if (!operation.description?.trim()) missing.push(`${name}: no description`)
			for (const [status, response] of Object.entries(operation.responses)) {
				if (!/^[45]|default/.test(status)) continue
				// What every call shares (`4XX`, `default`) is a component: the document must hold it.
				const answer: Response = response.$ref
					? body.components.responses[response.$ref.split('/').pop()!]
					: response
				const texts = Object.values(answer?.content?.['application/json']?.examples ?? {}).map(
					(example) => {
						// A shared text is a component: the document must hold it.
						const resolved = example.$ref
							? body.components.examples[example.$ref.split('/').pop()!]
							: example
						const text = resolved && exampleText(resolved)
						return typeof text === 'string' ? text : text?.msg
					},
				)
				if (!texts.length || texts.some((text) => !text?.trim()))
					missing.push(`${name}: ${status} without its message`)
			}
		}
	expect(missing).toEqual([])
	const announcement = body.paths['/api/v1/announcements/{id}'].get
	expect(announcement.responses['404'].content['application/json'].examples).toEqual({
		'Announcement not found': { value: { message: 'Announcement not found', code: 'not_found' } },
	})
	// The guard's texts, shared by many calls, are said once in the components.
	expect(announcement.responses['403']).toEqual({ $ref: '#/components/responses/NoTokenOrRole' })
	const confirm = body.paths['/api/v1/organizations/{id}/roster/imports/{importId}/confirm'].post
	expect(Object.values(confirm.responses['403'].content['application/json'].examples)).toEqual([
		{ $ref: '#/components/examples/TokenMissing' },
		{ $ref: '#/components/examples/Forbidden' },
		{
			value: {
				message: expect.stringMatching(/^Verify your organization's email address/),
				code: 'email_not_verified',
			},
		},
	])
	expect(body.components.examples.TokenMissing.value).toEqual({
		message: 'Access token is missing or expired',
		code: 'access_token_invalid',
	})
})

/** api/src without the routes' `answers(...)` declarations: the code that says the texts. */
function codeOfTheApi() {
	const root = fileURLToPath(new URL('../src', import.meta.url))
	const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
		(file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
	)
	const withoutDeclarations = (source: string) => {
		let code = ''
		let from = 0
		for (
			let at = source.indexOf('answers(', from);
			at >= 0;
			at = source.indexOf('answers(', from)
		) {
			code += source.slice(from, at)
			let depth = 0
			let quote = ''
			let end = at + 'answers'.length
			for (; end < source.length; end++) {
				const char = source[end]
				if (quote) {
					if (char === '\\') end++
					else if (char === quote) quote = ''
				} else if (char === "'" || char === '"' || char === '`') quote = char
				else if (char === '(') depth++
				else if (char === ')' && --depth === 0) break
			}
			from = end + 1
		}
		return code + source.slice(from)
	}
	return files.map((file) => withoutDeclarations(readFileSync(join(root, file), 'utf8'))).join('\n')
}

test('each documented refusal is word for word a text the code of the API says', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const texts = new Set<string>()
	const collect = (value: unknown): void => {
		if (!value || typeof value !== 'object') return
		const example = value as { value?: unknown; $ref?: string }
		if (example.value && typeof example.value === 'object' && !example.$ref) {
			const text = exampleText(example)
			if (text) texts.add(typeof text === 'string' ? text : text.msg)
		}
		for (const inner of Object.values(value)) collect(inner)
	}
	collect(body.paths)
	collect(body.components.examples)
	expect(texts.size).toBeGreaterThan(100)
	const code = codeOfTheApi()
	// A text made in a template (`Too many ${what}. Try again in ${wait}.`) matches its pattern.
	const templates = [...code.matchAll(/`([^`]*\$\{[^`]*)`/g)]
		// Words enough to be a message, not `${first} ${last}` (which would match anything).
		.filter(([, template]) => template!.replaceAll(/\$\{[^}]*\}/g, '').length >= 20)
		.map(
			([, template]) =>
				new RegExp(
					`^${template!
						.split(/\$\{[^}]*\}/)
						.map((part) => part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
						.join('.+')}$`,
				),
		)
	// So does a text built from values said in the reader's language (`phrase('The file has {rows,
	// number} rows…', values)`, decision 064).
	for (const [, message] of code.matchAll(/phrase\(\s*'([^']*\{[^']*)'/g)) {
		templates.push(
			new RegExp(
				`^${message!
					.split(/\{[^}]*\}/)
					.map((part) => part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
					.join('.+')}$`,
			),
		)
	}
	const unsaid = [...texts].filter((text) => {
		const parts = text.split(/<[^>]+>|…/).map((part) => part.trim())
		if (parts.every((part) => part.length < 4 || code.includes(part))) return false
		const example = text.replaceAll(/<[^>]+>|…/g, 'x')
		return !templates.some((pattern) => pattern.test(example))
	})
	expect(unsaid).toEqual([])
})

test('no two paths are one: no final slash, no second name for the same parameter', async () => {
	const { body } = await call(api, 'GET', '/openapi.json')
	const paths = Object.keys(body.paths)
	expect(paths.filter((path) => path.endsWith('/'))).toEqual([])
	const shapes = paths.map((path) => path.replaceAll(/\{[^}]+\}/g, '{}'))
	expect(shapes.filter((shape, index) => shapes.indexOf(shape) !== index)).toEqual([])
	// The spec's spelling with the slash is still served, outside the contract:
	// api/test/organizations.test.ts calls `/organizations/{id}/tutors/`.
})

const run = promisify(execFile)

test("Redocly's recommended rules find no error in api/openapi.json", async () => {
	const cli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'))
	const document = fileURLToPath(new URL('../openapi.json', import.meta.url))
	// Offline: no telemetry (redocly.yaml) and no look for a newer version.
	const { stdout } = await run(
		process.execPath,
		[cli, 'lint', '--format=json', '--max-problems=1000', document],
		{
			cwd: fileURLToPath(new URL('../..', import.meta.url)),
			env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
			maxBuffer: 64 * 1024 * 1024,
		},
	).catch((failed: { stdout: string }) => failed)
	const { problems } = JSON.parse(stdout) as {
		problems: {
			ruleId: string
			severity: string
			message: string
			location: { pointer: string }[]
		}[]
	}
	const errors = problems
		.filter((problem) => problem.severity === 'error')
		.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)
	expect(errors).toEqual([])
})
