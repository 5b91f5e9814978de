import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApi } from '../src/app.ts'
import { createDiskStorage } from '../src/platform/storage.ts'
import { login, organizationLogin, startApi, type TestApi } from './helpers.ts'

// Every write endpoint of the API (read from the Hono app's own route table, so a new endpoint is
// fuzzed without anyone listing it), posted hostile bodies by each kind of account: invalid JSON,
// wrong types, huge numbers, NUL bytes, deep nesting, 10 MB. The answer is always a refusal
// (400, 403, 404, 409, 413, 415, 422, 429), never a 500.

const STARTUP_TIMEOUT_MS = 120_000
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const REFUSALS = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429]
// Calls that may succeed whatever the body: log out, a calendar link reset, ending the other
// sign-ins take none, and a profile is a partial update whose
// unknown keys are dropped, so a body naming no profile field changes nothing (200).
const IGNORES_BODY = new Set([
	'POST /api/v1/auth/logout',
	'POST /api/v1/calendar/feed/reset',
	'POST /api/v1/account/sessions/end-others',
	'PUT /api/v1/users/student/profile',
	'PUT /api/v1/users/tutor/profile',
])

let api: TestApi
let uploads: string
let routes: Array<{ method: string; path: string }> = []
const tokens: Array<[string, string | undefined]> = []

beforeAll(async () => {
	api = await startApi()
	uploads = await mkdtemp(join(tmpdir(), 'api-fuzz-'))
	// A second app over the same database, only to read its route table.
	const app = createApi({ db: api.db, config: api.config, storage: createDiskStorage(uploads) })
	const seen = new Set<string>()
	routes = app.routes
		.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
		.map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+/g, UNKNOWN_ID) }))
		.filter((route) => {
			const key = `${route.method} ${route.path}`
			if (seen.has(key)) return false
			seen.add(key)
			return true
		})
	const [student, teacher, organization] = await Promise.all([
		login(api, 'student@example.com'),
		login(api, 'teacher@example.com'),
		organizationLogin(api, 'organization@example.com'),
	])
	tokens.push(
		['nobody', undefined],
		['student', student.token],
		['tutor', teacher.token],
		['organization', organization.token],
	)
}, STARTUP_TIMEOUT_MS)

afterAll(async () => {
	await api.close()
	await rm(uploads, { recursive: true, force: true })
})

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

/** Bodies that are wrong as a whole, and bodies of the right kind with wrong values everywhere. */
const bodies: Array<[string, string, string | undefined]> = [
	['invalid JSON', '{"email":', 'application/json'],
	['empty', '', 'application/json'],
	['JSON null', 'null', 'application/json'],
	['JSON array', '[1,"two",{}]', 'application/json'],
	['JSON string', '"abc"', 'application/json'],
	[
		'huge numbers',
		'{"amount":1e309,"score":-1,"page":99999999999999999999,"timeLimit":1e308}',
		'application/json',
	],
	[
		'wrong types',
		JSON.stringify({
			email: ['a'],
			password: { $gt: '' },
			title: 42,
			courseId: true,
			questions: 'abc',
			price: 'abc',
		}),
		'application/json',
	],
	[
		'hostile strings',
		JSON.stringify({
			email: "' OR 1=1 --",
			title: '<script>alert(1)</script>',
			name: '\u202Egnp.exe',
			text: 'a\u0000b',
			body: 'x'.repeat(100_000),
			departmentName: 'a\u0000b',
		}),
		'application/json',
	],
	['deeply nested', nested(100_000), 'application/json'],
	['text/plain', 'hello', 'text/plain'],
	['no content type', '{"a":1}', undefined],
	[
		'malformed multipart',
		'--xyz\r\nContent-Disposition: form-da',
		'multipart/form-data; boundary=xyz',
	],
	['multipart without a boundary', 'a=b', 'multipart/form-data'],
	[
		'multipart with NUL bytes',
		[
			'--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b',
			'--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b',
			'--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\nContent-Type: text/csv\r\n\r\nrole\u0000,email\r\nstudent\u0000,a\u0000@example.com',
			'--xyz--\r\n',
		].join('\r\n'),
		'multipart/form-data; boundary=xyz',
	],
]

/**
 * The answer's status. Over node:http rather than fetch: a server may answer a large body before it
 * has read it all and close the connection, and fetch then loses the answer it was sent.
 */
function send(
	method: string,
	path: string,
	body: string | undefined,
	contentType: string | undefined,
	token?: string,
) {
	return new Promise<number>((resolve) => {
		let answered = false
		const request = httpRequest(
			`${api.baseUrl}${path.replace(/^\/api\/v1/, '')}`,
			{
				method,
				// A fresh connection each time: no race with a kept-alive one the server just closed.
				agent: false,
				headers: {
					...(contentType && { 'content-type': contentType }),
					...(token && { authorization: `Bearer ${token}` }),
					...(body !== undefined && { 'content-length': Buffer.byteLength(body) }),
				},
			},
			(response) => {
				answered = true
				response.resume()
				response.on('end', () => resolve(response.statusCode ?? 0))
				response.on('error', () => resolve(response.statusCode ?? 0))
			},
		)
		// No answer at all (the connection dropped): reported as status 0.
		request.on('error', () => {
			if (!answered) resolve(0)
		})
		request.end(body)
	})
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
	let next = 0
	await Promise.all(
		Array.from({ length: Math.min(size, items.length) }, async () => {
			while (next < items.length) await work(items[next++] as T)
		}),
	)
}

test('the route table lists the write endpoints', () => {
	// A sanity check that the table is read at all: these exist since the foundation.
	expect(routes).toEqual(
		expect.arrayContaining([
			{ method: 'POST', path: '/api/v1/auth/login' },
			{ method: 'POST', path: '/api/v1/courses/create-course' },
		]),
	)
	expect(routes.length).toBeGreaterThan(40)
})

test('hostile bodies to every write endpoint, as every kind of account: refused, never a 500', async () => {
	const problems: string[] = []
	const jobs = routes.flatMap((route) =>
		tokens.flatMap(([who, token]) => bodies.map((body) => ({ route, who, token, body }))),
	)
	await pool(jobs, 8, async ({ route, who, token, body: [name, body, contentType] }) => {
		const status = await send(route.method, route.path, body, contentType, token)
		const ignored = IGNORES_BODY.has(`${route.method} ${route.path}`) && status === 200
		if (!REFUSALS.includes(status) && !ignored)
			problems.push(`${route.method} ${route.path} as ${who} [${name}]: ${status}`)
	})
	expect(problems).toEqual([])
}, 120_000)

test('a body over 10 MB to every write endpoint is a 413 (JSON and multipart), before anything else', async () => {
	// Just over the largest limit (a 10 MB document plus its form's fields).
	const huge = JSON.stringify({ title: 'x'.repeat(10 * 1024 * 1024 + 100 * 1024) })
	const problems: string[] = []
	await pool(routes, 4, async (route) => {
		for (const [kind, body, contentType] of [
			['JSON', huge, 'application/json'],
			[
				'multipart',
				`--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\n${huge}\r\n--xyz--\r\n`,
				'multipart/form-data; boundary=xyz',
			],
		] as const) {
			const status = await send(route.method, route.path, body, contentType)
			if (status !== 413) problems.push(`${route.method} ${route.path} [${kind}]: ${status}`)
		}
	})
	expect(problems).toEqual([])
}, 120_000)

test('text with a NUL character is a 400 naming the field, not a database error', async () => {
	// A fresh sign-in: the fuzzing above posted to /auth/logout with each token, which ended them.
	const { token: organization } = await organizationLogin(api, 'organization@example.com')
	const response = await fetch(`${api.baseUrl}/organizations/create-department`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${organization}` },
		body: JSON.stringify({ departmentName: 'Science\u0000', description: 'ok' }),
	})
	expect(response.status).toBe(400)
	expect(await response.json()).toEqual({
		message: 'Validation failed',
		code: 'validation_failed',
		errors: [{ path: 'departmentName', msg: 'Must not contain a NUL character' }],
	})
})
