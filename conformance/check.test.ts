import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApi, type TestApi } from '../api/test/helpers.ts'
import { BASE, checkBackend, type Report } from './check.ts'
import { Contract } from './document.ts'
import { pendingAreas } from './main.ts'
import { SCENARIO } from './scenario.ts'

// The conformance check (decision 042) against the reference API, which must pass it, and
// against a backend that answers one call off its schema, which it must name.

const contract = await Contract.read(new URL('../api/openapi.json', import.meta.url))

let api: TestApi
let report: Report
beforeAll(async () => {
	api = await startApi({ seed: false })
	report = await checkBackend({ baseUrl: api.baseUrl, contract, pending: await pendingAreas() })
})
afterAll(() => api.close())

const verdicts = (verdict: string) =>
	report.calls.filter((call) => call.verdict === verdict).map((call) => call.call)

test('the reference API conforms to every call the check exercises', () => {
	const failing = report.calls
		.filter((call) => call.verdict === 'does not conform')
		.map((call) => `${call.call}: ${call.problems.join('; ')}`)
	expect(failing).toEqual([])
	expect(report.notes).toEqual([])
})

/** Calls that need an id no step of the scenario makes: declared since, waiting for their step. */
const unreached = contract.operations
	.filter((operation) => operation.pathParameters.length || operation.signed)
	.filter(
		(operation) =>
			!SCENARIO.some((step) => {
				const [method, path] = step.call.split(' ') as [string, string]
				return contract.find(method, `${BASE}${path}`) === operation
			}),
	)
	.map((operation) => operation.name)

test('the check reaches every call whose ids the scenario makes', () => {
	// Every call left unexercised is one no step reaches; those get their refusals checked at most.
	expect(verdicts('not exercised').filter((call) => !unreached.includes(call))).toEqual([])
	const unreachedSuccesses = report.calls
		.filter((call) => unreached.includes(call.call))
		.flatMap((call) => call.checks.filter((check) => / 2\d\d$/.test(check)))
	expect(unreachedSuccesses).toEqual([])
	expect(verdicts('conforms').length).toBeGreaterThan(60)
	const course = report.calls.find((call) => call.call === 'GET /api/v1/courses/{id}/students')!
	expect(course.checks).toEqual(
		expect.arrayContaining(['no token 403', 'student 403', 'tutor 200']),
	)
	const announcement = report.calls.find((call) => call.call === 'PUT /api/v1/announcements/{id}')!
	expect(announcement.checks).toContain('bad body 400')
})

test('the requests the check sends are checked against the document too (decision 055)', () => {
	const login = report.calls.find((call) => call.call === 'POST /api/v1/auth/login')!
	expect(login.checks).toEqual(
		expect.arrayContaining(['student signs in 200', 'tutor signs in 200']),
	)
	const find = (name: string) => contract.operations.find((operation) => operation.name === name)!
	const signIn = find('POST /api/v1/auth/login')
	const path = `${BASE}/auth/login`
	// The email as a person types it: the document's pattern takes it (the `i` flag had leaked in).
	expect(
		contract.requestProblems(signIn, {
			method: 'POST',
			path,
			json: { email: 'Student@Example.com', password: 'Lantern-Harbour-42' },
		}),
	).toEqual([])
	expect(
		contract
			.requestProblems(signIn, { method: 'POST', path, json: { email: 'Student' } })
			.toSorted(),
	).toEqual([
		"request (the request body) must have required property 'password'",
		expect.stringMatching(/^request \/email must match pattern "\^/),
	])
	const list = find('GET /api/v1/courses/public/list')
	const listed = (query: string) =>
		contract.requestProblems(list, { method: 'GET', path: `${BASE}/courses/public/list?${query}` })
	expect(listed('page=2&limit=100')).toEqual([])
	expect(listed('limit=101')).toEqual(['request query parameter limit must be <= 100'])
	expect(listed('page=0')).toEqual(['request query parameter page must be >= 1'])
	const picture = find('POST /api/v1/auth/upload-student-profile-picture')
	expect(
		contract.requestProblems(picture, {
			method: 'POST',
			path: `${BASE}/auth/upload-student-profile-picture`,
			form: {},
		}),
	).toEqual(["request (the request body) must have required property 'profilePicture'"])
	const course = find('GET /api/v1/courses/{id}')
	expect(
		contract.requestProblems(course, { method: 'GET', path: `${BASE}/courses/not-an-id` }),
	).toEqual(['request path parameter id must match format "uuid"'])
})

test('the areas not declared yet are reported as not in the contract', async () => {
	// The areas app/contract.test.ts still lists as pending, as they are there.
	expect(report.notInContract).toEqual(await pendingAreas())
})

/** A backend that answers the public catalogue with the wrong shape, creates a course for anyone, and has nothing else. */
async function brokenBackend() {
	const app = new Hono()
		.get('/api/v1/courses/public/list', (c) => c.json({ courses: 'none', pagination: null }))
		.post('/api/v1/courses/create-course', (c) => c.json({ message: 'Course created' }, 201))
	const server = await new Promise<Server>((resolve) => {
		const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
			resolve(started as Server),
		)
	})
	return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

test('npm run contract names a call answered off its schema, and exits with 1', async () => {
	const { server, url } = await brokenBackend()
	try {
		const child = spawn(
			process.execPath,
			[fileURLToPath(new URL('main.ts', import.meta.url)), url],
			{ stdio: 'pipe' },
		)
		let output = ''
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		const code = await new Promise((resolve) => child.on('close', resolve))
		expect(code).toBe(1)
		expect(output).toMatch(
			/does not conform +GET \/api\/v1\/courses\/public\/list\n +- anyone 200: \/courses must be array/,
		)
		expect(output).toMatch(
			/does not conform +POST \/api\/v1\/courses\/create-course\n +- no token 403: answered 201 "Course created", expected 403\n/,
		)
		expect(output).toMatch(/note: could not register a student: 404/)
	} finally {
		server.close()
	}
})
