import { OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ApiConfig, ApiEnv } from './context.ts'
import { isMultipart, readForm } from './forms.ts'
import { readJson } from './json.ts'
import { guardRoles } from './require-account.ts'
import { validate } from './validation.ts'

// The contract (decision 041): each route declares its request and its answers once, here in
// zod; the API validates requests with them (its own 400s, unchanged), checks its answers
// against them outside production, and serves them as OpenAPI 3.1 at /api/v1/openapi.json.

const fieldError = z.object({ path: z.string(), msg: z.string() })

/** Every refusal (platform/errors.ts): its text under `message`, or `error` where the spec's client reads that. */
export const errorAnswer = z
	.union([
		z.object({ message: z.string(), errors: z.array(fieldError).optional() }),
		z.object({ error: z.string(), errors: z.array(fieldError).optional() }),
	])
	.openapi('Error')

export const isoDateTime = z.iso.datetime({ offset: true })

/** A path of UUID parameters: anything else is the 400 `readId` always answered. */
export const uuidParams = <const N extends string>(...names: N[]) =>
	z.object(
		Object.fromEntries(
			names.map((name) => [name, z.guid({ error: `${name} must be a UUID` })]),
		) as {
			[K in N]: z.ZodGUID
		},
	)

type Status = 200 | 201 | 202 | 204
/** Content of a type other than JSON, by media type (a file). */
type Content = Record<string, { schema: z.ZodType }>

/**
 * A route's answers: its successes by status (a zod schema for JSON, or content of another type),
 * and the error body for every refusal.
 */
export function answers<const A extends Partial<Record<Status, z.ZodType | Content>>>(ok: A) {
	const declared = Object.fromEntries(
		Object.entries(ok).map(([status, answer]) => [
			status,
			{
				description: `${status}`,
				content: answer instanceof z.ZodType ? { 'application/json': { schema: answer } } : answer,
			},
		]),
	)
	const refusal = {
		description: 'A refusal: the error body of api/README.md',
		content: { 'application/json': { schema: errorAnswer } },
	}
	// `4XX` says a client's mistake is answered with it (Redocly's operation-4xx-response);
	// `default` covers the rest (a 500 has the same body).
	return { ...declared, '4XX': refusal, default: refusal } as {
		[S in keyof A]: {
			description: string
			content: A[S] extends z.ZodType ? { 'application/json': { schema: A[S] } } : A[S]
		}
	} & Record<
		'4XX' | 'default',
		{ description: string; content: { 'application/json': { schema: typeof errorAnswer } } }
	>
}

/** A JSON request body as the API always read it: parsed whatever its content type, then validated. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
	required: true,
	content: { 'application/json': { schema } },
})

type ZodContentObject = NonNullable<NonNullable<RouteConfig['request']>['body']>['content']

/** The zod schema of declared content of a type (JSON by default), if any. */
function declaredSchema(content: ZodContentObject | undefined, type = 'application/json') {
	const media = content?.[type]
	return media && 'schema' in media && media.schema instanceof z.ZodType ? media.schema : undefined
}

/** A multipart form body: its fields and files, read as `readForm` reads them, then validated. */
export const formBody = <S extends z.ZodType>(schema: S) => ({
	required: true,
	content: { 'multipart/form-data': { schema } },
})

/** A form's file field: what `readOptionalDocument` and its kin check, as the document names it. */
export const uploadedFile = z.unknown().openapi({ type: 'string', format: 'binary' })

/**
 * A file answer: its bytes, under each media type the call may answer with (`*\/*`: a stored
 * file of whatever type its sender gave it).
 */
export const fileAnswer = (...mediaTypes: readonly string[]) =>
	Object.fromEntries(
		(mediaTypes.length ? mediaTypes : ['*/*']).map((type) => [
			type,
			{ schema: z.string().openapi({ format: 'binary' }) },
		]),
	) as Content

/** The images the API stores (platform/images.ts): a profile picture, a logo. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

/** Validates the declared parts of a request with the API's own messages (platform/validation.ts). */
const readRequest =
	({ request }: RouteConfig): MiddlewareHandler<ApiEnv> =>
	async (c, next) => {
		if (request?.params)
			c.req.addValidatedData('param', validate(request.params, c.req.param()) as object)
		if (request?.query)
			c.req.addValidatedData('query', validate(request.query, c.req.query()) as object)
		// A call that takes JSON or a form (a task's change) reads what the request says it sent.
		const json = declaredSchema(request?.body?.content)
		const form = declaredSchema(request?.body?.content, 'multipart/form-data')
		if (form && (!json || isMultipart(c)))
			c.req.addValidatedData('form', validate(form, await readForm(c)) as object)
		else if (json) c.req.addValidatedData('json', validate(json, await readJson(c)) as object)
		await next()
	}

export class AnswerMismatch extends Error {}

/** Outside production: an answer its route does not declare is a bug, so the tests see a 500. */
const checkAnswer =
	({ responses }: RouteConfig): MiddlewareHandler<ApiEnv> =>
	async (c, next) => {
		await next()
		const { status } = c.res
		const declared = responses[status] ?? (status >= 400 ? responses.default : undefined)
		const where = `${c.req.method} ${c.req.routePath} answered ${status}`
		if (!declared) throw new AnswerMismatch(`${where}, which its route does not declare`)
		const schema = 'content' in declared ? declaredSchema(declared.content) : undefined
		if (!schema) return
		if (!c.res.headers.get('content-type')?.startsWith('application/json'))
			throw new AnswerMismatch(`${where} without the JSON its route declares`)
		const result = schema.safeParse(await c.res.clone().json())
		if (!result.success)
			throw new AnswerMismatch(`${where} off its schema:\n${z.prettifyError(result.error)}`)
	}

/** A domain's routes, each declared with `endpoint(route, handler)`: the route object is its contract. */
export class ApiRoutes extends OpenAPIHono<ApiEnv> {
	#checkAnswers: boolean
	#domain: string

	/** `domain` is the folder under api/src that declares these calls: their tag in the document. */
	constructor(config: Pick<ApiConfig, 'production'>, domain: string) {
		super()
		this.#checkAnswers = !config.production
		this.#domain = domain
	}

	/**
	 * A call, named by its `operationId`: the name of the app's function that makes it (decision
	 * 060), so one search finds the page's call, this handler and the document's entry.
	 */
	endpoint<const R extends RouteConfig & { operationId: string }>(
		route: R,
		handler: RouteHandler<R, ApiEnv>,
	) {
		const { middleware, hide, ...named } = route
		const declared = { ...named, tags: [this.#domain] }
		// Who may call, for a backend author and `npm run contract` (decision 042): a guarded call
		// needs the bearer token of one of `x-roles`; any other says so with `security: []`, unless
		// it declares its own (a token that is optional).
		const roles = [middleware ?? []]
			.flat()
			.map((handler) => guardRoles.get(handler as MiddlewareHandler<ApiEnv>))
			.find(Boolean)
		// A hidden route is served but not in the contract: an old spelling of a declared path.
		if (!hide)
			this.openAPIRegistry.registerPath(
				roles
					? { ...declared, security: [{ bearer: [] }], 'x-roles': roles }
					: { ...declared, security: declared.security ?? [] },
			)
		this.on(
			[route.method.toUpperCase()],
			[route.path.replaceAll(/\/{(.+?)}/g, '/:$1')],
			...[middleware ?? []].flat(),
			...(this.#checkAnswers ? [checkAnswer(route)] : []),
			readRequest(route),
			handler as MiddlewareHandler<ApiEnv>,
		)
		return this
	}
}

/** A deletion's answer: what it says and the id that is gone. */
export const deletedAnswer = z.object({ message: z.string(), id: z.string() })
