import { readdir, readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import type { ZodType } from 'zod'
import type { Method, Upstream } from '~/platform/upstream.server'
import { sortedQuery } from '~/platform/upstream-cache.server'
import { createSchedule } from '~/features/schedules/api.server'
import { scheduleFormSchema } from '~/features/schedules/schema'
import { login, organizationLogin, registerStudent } from '~/features/auth/api.server'
import { getTeacherStudents, updateStudentProfile } from '~/features/users/api.server'
import { loginSchema, studentProfileFormSchema } from '~/features/users/schema'
// The document's reader that `npm run contract` uses: a tool over api/openapi.json, not the API.
import { Contract } from '../conformance/document.ts'

// The app against the contract (decision 041): every call its domains make is in the API's
// OpenAPI document, and each answer schema the app parses with accepts what the document allows.
// The document is api/openapi.json, which api/test/openapi.test.ts keeps equal to what the API
// serves; the app reads it as data and imports nothing of the API.

/**
 * Calls whose routes do not declare their shapes yet, by path prefix (`*` is one segment): this
 * list may only shrink.
 */
const PENDING: string[] = []

type Schema = {
	$ref?: string
	type?: string | string[]
	properties?: Record<string, Schema>
	required?: string[]
	items?: Schema
	additionalProperties?: Schema | boolean
	anyOf?: Schema[]
	oneOf?: Schema[]
	allOf?: Schema[]
	enum?: unknown[]
	const?: unknown
	format?: string
	minimum?: number
	minLength?: number
}
type Operation = {
	operationId?: string
	tags?: string[]
	responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
type Document = {
	paths: Record<string, Record<string, Operation>>
	components: { schemas: Record<string, Schema> }
}

const document: Document = JSON.parse(
	await readFile(new URL('../api/openapi.json', import.meta.url), 'utf8'),
)
const BASE = '/api/v1'

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
	Object.entries(item).map(([method, operation]) => ({
		method: method.toUpperCase(),
		path: path.slice(BASE.length),
		pattern: new RegExp(`^${path.slice(BASE.length).replaceAll(/\{[^}]+\}/g, '[^/]+')}$`),
		literal: !path.includes('{'),
		operation,
	})),
)

/** The declared call a request goes to: a literal path before one with parameters, as routers do. */
const operationOf = (method: string, path: string) =>
	operations
		.filter((candidate) => candidate.method === method && candidate.pattern.test(path))
		.sort((a, b) => Number(b.literal) - Number(a.literal))[0]

/** What a stand-in argument becomes in a path: a character no declared path has. */
const STAND_IN = '~'
const escapeRegExp = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The declared calls a recorded one may be: a stand-in that is a whole segment fills a path
 * parameter; one inside a segment (a role in `/auth/register-${role}/organization`) may be any
 * text, so the call is each declared path it fits.
 */
function operationsOf(method: string, path: string) {
	const declared = operationOf(method, path)
	if (declared) return [declared]
	const fits = new RegExp(`^${path.split(STAND_IN).map(escapeRegExp).join('[^/]+')}$`)
	return path.includes(STAND_IN)
		? operations.filter((one) => one.method === method && fits.test(one.path))
		: []
}

const prefixPattern = (area: string) => new RegExp(`^${area.replaceAll('*', '[^/]+')}(/|$)`)

const isPending = (path: string) => PENDING.some((area) => prefixPattern(area).test(path))

// The answers a schema allows, in two extremes: every optional field there and every union's
// first choice, and only the required fields with null wherever null is allowed.
type Variant = 'full' | 'lean'

function resolve(schema: Schema): Schema {
	if (!schema.$ref) return schema
	return resolve(document.components.schemas[schema.$ref.split('/').at(-1)!]!)
}

function example(given: Schema, variant: Variant): unknown {
	const schema = resolve(given)
	if (schema.const !== undefined) return schema.const
	if (schema.enum) return variant === 'full' ? schema.enum[0] : schema.enum.at(-1)
	const choices = schema.anyOf ?? schema.oneOf
	if (choices) {
		const nullable = choices.some((choice) => resolve(choice).type === 'null')
		if (nullable && variant === 'lean') return null
		const others = choices.filter((choice) => resolve(choice).type !== 'null')
		return example(variant === 'full' ? others[0]! : others.at(-1)!, variant)
	}
	if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => example(part, variant)))
	const types = [schema.type ?? 'object'].flat()
	if (types.includes('null') && variant === 'lean') return null
	const type = types.find((one) => one !== 'null')
	switch (type) {
		case 'string':
			return stringExample(schema)
		case 'integer':
		case 'number':
			return Math.max(schema.minimum ?? 1, 1)
		case 'boolean':
			return variant === 'full'
		case 'array':
			return variant === 'full' && schema.items ? [example(schema.items, variant)] : []
		default: {
			const properties = Object.entries(schema.properties ?? {}).filter(
				([name]) => variant === 'full' || schema.required?.includes(name),
			)
			const extra =
				variant === 'full' && typeof schema.additionalProperties === 'object'
					? { key: example(schema.additionalProperties, variant) }
					: {}
			return {
				...Object.fromEntries(properties.map(([name, value]) => [name, example(value, variant)])),
				...extra,
			}
		}
	}
}

function stringExample({ format, minLength = 0 }: Schema) {
	if (format === 'date-time') return '2026-03-04T05:06:07.000Z'
	if (format === 'date') return '2026-03-04'
	if (format === 'uuid') return '7a1c0de5-9b0a-4c1e-8d2f-000000000009'
	if (format === 'email') return 'someone@example.com'
	if (format === 'uri') return 'https://example.com/a'
	return 'text'.padEnd(minLength, 'x')
}

type Recorded = { method: string; path: string; schema?: ZodType; file: string; name: string }

/** Whatever a call's arguments ask of it: every property, call and conversion answers. */
const anything: unknown = new Proxy(function anything() {}, {
	get: (_target, key) =>
		key === Symbol.toPrimitive ? () => STAND_IN : key === 'then' ? undefined : anything,
	apply: () => anything,
})

/** Calls every function of each domain's api.server.ts with an upstream that records its calls. */
async function recordCalls() {
	const modules = import.meta.glob<Record<string, unknown>>('./features/*/api.server.ts')
	const recorded: Recorded[] = []
	for (const [file, load] of Object.entries(modules)) {
		let name = ''
		const answer = (method: string, path: string, schema?: ZodType) => {
			recorded.push({ method, path: path.split('?')[0]!, schema, file, name })
			const declared = operationsOf(method, path.split('?')[0]!)[0]
			const ok = declared && Object.keys(declared.operation.responses).find((s) => s < '300')
			const content = ok && declared.operation.responses[ok]!.content?.['application/json']
			return content ? example(content.schema, 'full') : anything
		}
		const upstream: Upstream = {
			get: async (path, { schema }) => answer('GET', path, schema) as never,
			send: async (method: Method, path, { schema }) => answer(method, path, schema) as never,
			stream: async (path) => (answer('GET', path), new Response('')),
			tokens: () => null,
			refreshIfExpiring: async () => false,
		}
		for (const [exportName, exported] of Object.entries(await load())) {
			if (typeof exported !== 'function') continue
			name = exportName
			try {
				await exported(upstream, anything, anything, anything, anything)
			} catch {
				// Whatever the function does after its calls; its calls are recorded.
			}
		}
	}
	return recorded
}

const recorded = await recordCalls()

test('the app makes its calls through the domains', () => {
	expect(recorded.length).toBeGreaterThan(100)
})

test('every call the app makes is in the contract, or in an area still pending', () => {
	const missing = recorded
		.filter((call) => !isPending(call.path) && operationsOf(call.method, call.path).length === 0)
		.map((call) => `${call.method} ${call.path} (${call.file})`)
	expect([...new Set(missing)]).toEqual([])
})

test('the pending areas are those the document has not got yet', () => {
	const declared = PENDING.filter((area) =>
		operations.some((one) => prefixPattern(area).test(one.path)),
	)
	expect(declared, 'declared in the document: take them off PENDING').toEqual([])
})

test("the app's answer schemas accept every answer the document allows", () => {
	const refused: string[] = []
	for (const call of recorded) {
		if (!call.schema) continue
		for (const declared of operationsOf(call.method, call.path)) {
			for (const [status, response] of Object.entries(declared.operation.responses)) {
				const content = response.content?.['application/json']
				if (status >= '300' || !content) continue
				for (const variant of ['full', 'lean'] as const) {
					const result = call.schema.safeParse(example(content.schema, variant))
					if (!result.success)
						refused.push(
							`${call.method} ${declared.path} ${status} (${variant}, ${call.file}): ${result.error.message}`,
						)
				}
			}
		}
	}
	expect(refused).toEqual([])
})

// One name per call (decision 060): a call's operationId is the name of the app's function that
// makes it, and its tag is the folder of api/src that declares it, so one search goes from a page's
// call to the API's handler and the document's entry.

/**
 * The calls of an API folder (the tag) whose function lives in another domain of the app, and why:
 * the app's domains follow its pages, the API's its data.
 */
const ELSEWHERE_IN_THE_APP: Record<string, Record<string, string>> = {
	auth: {
		users:
			"a profile picture and finding a student by email keep the spec's /auth/ paths; the users' pages make them",
		organizations: 'an organization registers its tutors and students on its members page',
	},
	users: {
		organizations: "a student's invitations and leaving are the organization's pages of membership",
	},
	sso: {
		account: "a person's linked school sign-ins are listed and removed on their account page",
	},
	exports: {
		courses: "a course's class list as CSV is offered on the course's page",
		tasks: "a task's submissions as CSV are offered on the task's page",
		scores: "a big term's files are the scores' (decision 046)",
	},
	rooms: { conference: 'the app calls the live rooms its conference area (/conference)' },
	calendar: { schedules: 'the calendar feed is offered on the schedule pages' },
}

/** The calls no function of a domain's api.server.ts makes, and who does. */
const NOT_FROM_A_DOMAIN: Record<string, string> = {
	register:
		'the sign-up of other clients, a role in the body; the app signs up with registerStudent or registerTeacher',
	refreshToken:
		"the app's upstream client (app/platform/upstream.server.ts) renews every domain's session",
	getSession: "the app's upstream client asks whether a cached page's sign-in is still open",
	listOrganizations: 'the public directory, for other clients: the app has no page of it',
	listTutors: 'the list of every tutor, for other clients: the app has no page of it',
	getFile:
		'a public file (a profile picture, a logo) is linked by its address, not fetched by the app',
	receiveStripeEvent: "Stripe's webhook",
	getResource: 'one resource, for other clients: the app lists them and opens their files',
	getCertificate: 'one certificate, for other clients: the app lists them and opens their PDFs',
	getLanguage:
		"the account's language, for other clients: the app has it from the login and sets it with setLanguage",
	recordAttendance:
		"one student's attendance, the spec's call for other clients: the app saves a register with recordRegister",
}

/** The operations each function of a domain calls, and the folder it lives in. */
const byOperation = new Map<Operation, { names: Set<string>; folders: Map<string, string> }>()
for (const call of recorded)
	for (const declared of operationsOf(call.method, call.path)) {
		const entry = byOperation.get(declared.operation) ?? { names: new Set(), folders: new Map() }
		entry.names.add(call.name)
		entry.folders.set(call.name, call.file.split('/')[2]!)
		byOperation.set(declared.operation, entry)
	}

test("every call the app makes is named for one of the app's functions that make it", () => {
	const misnamed = operations.flatMap(({ method, path, operation }) => {
		const callers = byOperation.get(operation)
		if (!callers || callers.names.has(operation.operationId!)) return []
		return [
			`${method} ${path} is ${operation.operationId}: the app's ${[...callers.names].join(', ')}`,
		]
	})
	expect(misnamed).toEqual([])
})

test('the calls no domain of the app makes are those listed, with who does', () => {
	const notCalled = operations
		.filter(({ operation }) => !byOperation.has(operation))
		.map(({ operation }) => operation.operationId)
	expect(notCalled.sort()).toEqual(Object.keys(NOT_FROM_A_DOMAIN).sort())
})

test("a call's tag is the folder of api/src that declares it, and the app's domain of its function", async () => {
	const folders = new Set(
		(await readdir(new URL('../api/src', import.meta.url), { withFileTypes: true }))
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name),
	)
	const tags = operations.map(({ operation }) => operation.tags ?? [])
	expect(tags.filter((tag) => tag.length !== 1 || !folders.has(tag[0]!))).toEqual([])
	const elsewhere = operations.flatMap(({ method, path, operation }) => {
		const folder = byOperation.get(operation)?.folders.get(operation.operationId!)
		const tag = operation.tags![0]!
		return folder && folder !== tag && !ELSEWHERE_IN_THE_APP[tag]?.[folder]
			? [`${method} ${path} (${tag}): ${operation.operationId} in features/${folder}`]
			: []
	})
	expect(elsewhere).toEqual([])
	const pairs = new Set(
		operations.map(
			({ operation }) =>
				`${operation.tags![0]} ${byOperation.get(operation)?.folders.get(operation.operationId!)}`,
		),
	)
	const unused = Object.entries(ELSEWHERE_IN_THE_APP).flatMap(([tag, folders]) =>
		Object.keys(folders).filter((folder) => !pairs.has(`${tag} ${folder}`)),
	)
	expect(unused, 'no call needs these: take them off ELSEWHERE_IN_THE_APP').toEqual([])
})

// The app's requests against the document (decision 055): the calls above are made with stand-ins,
// so their bodies say nothing; these are made with what the app's forms produce from what a person
// types, and each request (path, query, JSON or form body) must be one the document takes, as a
// backend that validates with the document would.

type Sent = { method: string; path: string; json?: unknown; form?: Record<string, string | File> }

/** An upstream that keeps each request as it would go out, and answers what the document allows. */
function recordingUpstream(sent: Sent[]): Upstream {
	const answer = (method: string, path: string) => {
		const declared = operationsOf(method, path.split('?')[0]!)[0]
		const ok = declared && Object.keys(declared.operation.responses).find((s) => s < '300')
		const content = ok && declared.operation.responses[ok]!.content?.['application/json']
		return content ? example(content.schema, 'full') : {}
	}
	const withQuery = (path: string, query?: Parameters<typeof sortedQuery>[0]) => {
		const search = sortedQuery(query)
		return search ? `${path}?${search}` : path
	}
	return {
		get: async (path, { query }) => {
			sent.push({ method: 'GET', path: withQuery(path, query) })
			return answer('GET', path) as never
		},
		send: async (method: Method, path, { json, form }) => {
			sent.push({
				method,
				path,
				json,
				form: form && (Object.fromEntries(form.entries()) as Record<string, string | File>),
			})
			return answer(method, path) as never
		},
		stream: async (path) => (sent.push({ method: 'GET', path }), new Response('')),
		tokens: () => null,
		refreshIfExpiring: async () => false,
	}
}

const contract = new Contract(document as never)

test("the app's requests, built from what a person types, are ones the document takes", async () => {
	const sent: Sent[] = []
	const api = recordingUpstream(sent)
	const typed = loginSchema.parse({ email: 'Student@Example.com', password: 'Lantern-Harbour-42' })
	const credentials = { email: typed.email, password: typed.password, timeZone: 'Europe/London' }
	await login(api, credentials)
	await organizationLogin(api, credentials)
	await registerStudent(api, {
		firstName: 'Sam',
		lastName: 'Rivera',
		email: 'Sam.Rivera@School.EDU',
		password: 'Lantern-Harbour-42',
		phone: '+44 20 7946 0958',
	})
	await updateStudentProfile(
		api,
		studentProfileFormSchema.parse({
			firstName: 'Sam',
			lastName: 'Rivera',
			phone: '(020) 7946-0958',
			dateOfBirth: '2010-04-05',
		}),
	)
	await getTeacherStudents(api, { page: 2, limit: 100 })
	await createSchedule(
		api,
		scheduleFormSchema.parse({
			courseId: '7a1c0de5-9b0a-4c1e-8d2f-000000000009',
			title: 'Fractions',
			scheduledDate: '2026-12-01',
			startTime: '09:30',
			duration: 45,
			timeZone: 'Europe/London',
		}),
	)
	expect(sent.length).toBe(6)
	const refused = sent.flatMap((request) => {
		const operation = contract.find(request.method, `${BASE}${request.path.split('?')[0]}`)
		if (!operation) return [`${request.method} ${request.path}: not in the document`]
		return contract
			.requestProblems(operation, { ...request, path: `${BASE}${request.path}` })
			.map((problem) => `${request.method} ${request.path}: ${problem}`)
	})
	expect(refused).toEqual([])
})
