import { readFile } from 'node:fs/promises'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

// The contract as data (decision 042): the OpenAPI 3.1 document the reference API serves, its
// calls, who may make each, and a JSON Schema validator for each declared answer. Nothing here
// imports the API: another backend is checked against the same file.

export type Role = 'student' | 'tutor' | 'organization'
export const ROLES: Role[] = ['student', 'tutor', 'organization']

type Media = Record<string, { schema?: object }>
type OperationObject = {
	summary?: string
	security?: unknown[]
	'x-roles'?: Role[]
	parameters?: { name: string; in: string; required?: boolean; schema?: { type?: unknown } }[]
	requestBody?: { required?: boolean; content: Media }
	responses: Record<string, { content?: Media; $ref?: string }>
}
export type OpenApiDocument = {
	openapi: string
	paths: Record<string, Record<string, OperationObject>>
	components?: object
}

export type Operation = {
	/** `GET /api/v1/courses/{id}`, as the document names it. */
	name: string
	method: string
	path: string
	/** Roles whose bearer token it needs; undefined when it needs none. */
	roles?: Role[]
	pathParameters: string[]
	requiredQuery: string[]
	/** The request takes JSON, so a body off its schema must be refused with 400. */
	takesJson: boolean
	/** Signed by its sender (a required header such as Stripe's signature): the check cannot send it. */
	signed: boolean
	/** Declared statuses (`default` aside), and whether the answer for each is JSON. */
	statuses: Map<number, { json: boolean; mediaTypes: string[] }>
	pattern: RegExp
}

/** The JSON Schema keyword OpenAPI adds for a file's bytes, which JSON never carries. */
const OPENAPI_FORMATS = ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']

export class Contract {
	readonly operations: Operation[]
	#ajv: Ajv2020
	#validators = new Map<string, ValidateFunction>()
	readonly document: OpenApiDocument

	constructor(document: OpenApiDocument) {
		this.document = document
		this.#ajv = new Ajv2020({ strict: false, allErrors: true })
		addFormats(this.#ajv)
		for (const format of OPENAPI_FORMATS) this.#ajv.addFormat(format, true)
		this.#ajv.addSchema(document as object, 'contract')
		this.operations = Object.entries(document.paths).flatMap(([path, item]) =>
			Object.entries(item).map(([method, operation]) => toOperation(method, path, operation)),
		)
	}

	static async read(file: string | URL) {
		return new Contract(JSON.parse(await readFile(file, 'utf8')))
	}

	/** The declared call a request goes to: a literal path before one with parameters, as routers do. */
	find(method: string, path: string) {
		return this.operations
			.filter((one) => one.method === method && one.pattern.test(path))
			.sort((a, b) => a.pathParameters.length - b.pathParameters.length)[0]
	}

	/** Why `body` is not the JSON the call declares for `status` (its `default`, the Error, for a refusal). */
	problems(operation: Operation, status: number, body: unknown): string[] {
		const declared = this.document.paths[operation.path]![operation.method.toLowerCase()]!
		const key = String(status) in declared.responses ? String(status) : 'default'
		// An answer every call shares (`default`) is a component the operation refers to.
		const shared = declared.responses[key]?.$ref
		const answer = shared
			? `contract${shared}`
			: `contract#/paths/${escape(operation.path)}/${operation.method.toLowerCase()}/responses/${key}`
		const pointer = `${answer}/content/application~1json/schema`
		return this.#check(pointer, body, '(the body)')
	}

	/**
	 * Why a request is not one the call declares (decision 055): its path and query parameters
	 * against their schemas, a required one missing, and its JSON or form body against the body's
	 * schema for the content type sent (a file in a form stands as its bytes, a binary string).
	 */
	requestProblems(operation: Operation, request: Request): string[] {
		const declared = this.document.paths[operation.path]![operation.method.toLowerCase()]!
		const base = `contract#/paths/${escape(operation.path)}/${operation.method.toLowerCase()}`
		const url = new URL(request.path, 'http://contract.invalid')
		const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name!)
		const captures = new RegExp(`^${operation.path.replaceAll(/\{[^}]+\}/g, '([^/]+)')}$`)
		const values = captures.exec(url.pathname)?.slice(1) ?? []
		const given: Record<string, Map<string, string>> = {
			path: new Map(names.map((name, index) => [name, decodeURIComponent(values[index] ?? '')])),
			query: new Map(url.searchParams),
		}
		const problems: string[] = []
		;(declared.parameters ?? []).forEach((parameter, index) => {
			const value = given[parameter.in]?.get(parameter.name)
			if (value === undefined) {
				if (parameter.required && parameter.in in given)
					problems.push(`${parameter.in} parameter ${parameter.name} is missing`)
				return
			}
			problems.push(
				...this.#check(
					`${base}/parameters/${index}/schema`,
					parameterValue(value, parameter.schema),
					`${parameter.in} parameter ${parameter.name}`,
				),
			)
		})
		const content = declared.requestBody?.content ?? {}
		const [type, body] =
			request.json !== undefined
				? ['application/json', request.json]
				: request.form
					? [
							'multipart/form-data',
							Object.fromEntries(
								Object.entries(request.form).map(([name, value]) => [
									name,
									typeof value === 'string' ? value : `(the file ${value.name})`,
								]),
							),
						]
					: [undefined, undefined]
		if (type && !content[type]) problems.push(`sent ${type}, which the call does not take`)
		else if (type)
			problems.push(
				...this.#check(
					`${base}/requestBody/content/${escape(type)}/schema`,
					body,
					'(the request body)',
				),
			)
		else if (declared.requestBody?.required) problems.push('sent no body, which the call requires')
		return problems.map((problem) => `request ${problem}`)
	}

	#check(pointer: string, value: unknown, whole: string): string[] {
		let validate = this.#validators.get(pointer)
		if (!validate) {
			validate = this.#ajv.getSchema(pointer)
			if (!validate) return []
			this.#validators.set(pointer, validate)
		}
		if (validate(value)) return []
		return (validate.errors ?? [])
			.slice(0, 3)
			.map((error) => `${error.instancePath || whole} ${error.message}`)
	}
}

/** A call needs a token when it names a scheme and no empty requirement (`{}`: none needed). */
const needsToken = (security: unknown[] = []) =>
	security.length > 0 && !security.some((requirement) => !Object.keys(requirement as object).length)

/** A request as the check sends it: its path with the query, and its JSON or form body. */
export type Request = {
	method: string
	path: string
	json?: unknown
	form?: Record<string, string | File>
}

/** A query or path value as its declared type reads it: the URL carries text only. */
function parameterValue(value: string, schema: { type?: unknown } = {}) {
	const types = [schema.type].flat()
	if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value))
		return Number(value)
	if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true'
	return value
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

function toOperation(method: string, path: string, operation: OperationObject): Operation {
	const parameters = operation.parameters ?? []
	return {
		name: `${method.toUpperCase()} ${path}`,
		method: method.toUpperCase(),
		path,
		roles: needsToken(operation.security) ? (operation['x-roles'] ?? ROLES) : undefined,
		pathParameters: parameters.filter((one) => one.in === 'path').map((one) => one.name),
		requiredQuery: parameters
			.filter((one) => one.in === 'query' && one.required)
			.map((one) => one.name),
		takesJson: Boolean(operation.requestBody?.content['application/json']),
		signed: parameters.some((one) => one.in === 'header' && one.required),
		statuses: new Map(
			Object.entries(operation.responses)
				// `default` and the ranges (`4XX`) are the refusals' Error, checked as such.
				.filter(([status]) => /^\d{3}$/.test(status))
				.map(([status, answer]) => [
					Number(status),
					{
						json: Boolean(answer.content?.['application/json']),
						mediaTypes: Object.keys(answer.content ?? {}),
					},
				]),
		),
		pattern: new RegExp(`^${path.replaceAll(/\{[^}]+\}/g, '[^/]+')}$`),
	}
}
