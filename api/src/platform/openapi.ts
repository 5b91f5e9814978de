import { OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ApiConfig, ApiEnv } from './context.ts'
import { codeOf, MESSAGES } from './errors.ts'
import { isMultipart, readForm } from './forms.ts'
import { readJson } from './json.ts'
import { guardRoles } from './require-account.ts'
import { validate } from './validation.ts'

// The contract (decision 041): each route declares its request and its answers once, here in
// zod; the API validates requests with them (its own 400s, unchanged), checks its answers
// against them outside production, and serves them as OpenAPI 3.1 at /api/v1/openapi.json.

const fieldError = z.object({ path: z.string(), msg: z.string() })

const errorCode = z
	.string()
	.regex(/^[a-z][a-z0-9_]*$/)
	.openapi({
		description:
			"What was refused, for a client to tell refusals apart (decision 072): stable, snake_case, the same in every language. A refusal a client must tell apart from the others of its status has its own (`two_factor_setup_required`, `challenge_expired`, `validation_failed`, `invalid_credentials`, `access_token_invalid`, …: each call's examples show them); any other is its status's: `bad_request`, `unauthorized`, `forbidden`, `not_found`, `conflict`, `gone`, `too_large`, `rate_limited`, `internal_error`, `unavailable`. Compare the code, never the `message`: the message is said in the reader's language (`Accept-Language`, else the account's, else its organization's, else English).",
		example: 'not_found',
	})
	.openapi('ErrorCode')

/**
 * Every refusal (platform/errors.ts): its text under `message`, or `error` where the spec's client
 * reads that, in the reader's language, and its `code`.
 */
export const errorAnswer = z
	.union([
		z.object({ message: z.string(), code: errorCode, errors: z.array(fieldError).optional() }),
		z.object({ error: z.string(), code: errorCode, errors: z.array(fieldError).optional() }),
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
 * What a refusal says, word for word as the handler throws it: its text (under `message`), or a
 * field's `{ path, msg }` (under `errors`, with `Validation failed`). A part that varies is written
 * `<like this>` or `…`: `Too many invitations. Try again in <time>.`
 */
export type Refusal = string | { path: string; msg: string }
type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503
/** A call's own refusals (decision 059), by status: what its handler and services throw. */
export type Refusals = Partial<Record<RefusalStatus, Refusal | readonly Refusal[]>>

const refusalBody = (refusal: Refusal, under: 'message' | 'error', status: number) =>
	typeof refusal === 'string'
		? { [under]: refusal, code: codeOf(status, refusal) }
		: {
				[under]: MESSAGES.validation,
				code: codeOf(400, MESSAGES.validation),
				errors: [{ path: refusal.path, msg: refusal.msg }],
			}

const refusalLine = (refusal: Refusal) =>
	typeof refusal === 'string' ? `- ${refusal}` : `- on \`${refusal.path}\`: ${refusal.msg}`

/**
 * Texts many calls answer, each an example in the document's components that a call's refusal
 * refers to instead of repeating it (`#/components/examples/<name>`).
 */
export const SHARED_REFUSALS = {
	ValidationFailed: MESSAGES.validation,
	InvalidJson: MESSAGES.invalidJson,
	BodyTooLarge: MESSAGES.bodyTooLarge,
	TokenMissing: MESSAGES.tokenMissing,
	Forbidden: MESSAGES.forbidden,
	Internal: MESSAGES.internal,
	Busy: MESSAGES.busy,
	DatabaseUnavailable: MESSAGES.databaseUnavailable,
} as const

const sharedName = new Map<string, string>(
	Object.entries(SHARED_REFUSALS).map(([name, text]) => [text, name]),
)

/** The shared answers as the document's response components (platform/reference.ts). */
export const sharedRefusalResponses = () =>
	Object.fromEntries(
		Object.entries(SHARED_ANSWERS).map(([name, { refusals, description }]) => [
			name,
			{
				description,
				content: {
					'application/json': {
						schema: { $ref: '#/components/schemas/Error' },
						examples: refusalAnswer(refusals).content['application/json'].examples,
					},
				},
			},
		]),
	)

/** The shared refusals as the document's example components (platform/reference.ts). */
export const sharedRefusalExamples = () =>
	Object.fromEntries(
		Object.entries(SHARED_REFUSALS).map(([name, text]) => [
			name,
			{ summary: text, value: { message: text, code: codeOf(0, text) } },
		]),
	)

const refusalKey = (refusal: Refusal) =>
	typeof refusal === 'string' ? refusal : `${refusal.path}: ${refusal.msg}`

/**
 * The documented answer of one status's refusals: the description says when, or lists the texts,
 * and each text is an example body (by name, the refusal's words), so the reference shows what a
 * caller reads.
 */
export function refusalAnswer(
	refusals: readonly Refusal[],
	under: 'message' | 'error' = 'message',
	description = refusals.map(refusalLine).join('\n'),
	// A text without a code of its own is named by its status (the shared ones all have theirs).
	status = 0,
) {
	return {
		description,
		content: {
			'application/json': {
				schema: errorAnswer,
				examples: Object.fromEntries(
					refusals.map((refusal) => {
						const shared = typeof refusal === 'string' && under === 'message'
						const name = shared ? sharedName.get(refusal) : undefined
						return [
							refusalKey(refusal),
							name
								? { $ref: `#/components/examples/${name}` }
								: { value: refusalBody(refusal, under, status) },
						]
					}),
				),
			},
		},
	}
}

/** The text of a documented refusal's example, whether written out or shared. */
export function exampleText(example: { $ref?: string; value?: unknown }): Refusal | undefined {
	if (example.$ref) {
		const name = example.$ref.split('/').pop() as keyof typeof SHARED_REFUSALS
		return SHARED_REFUSALS[name]
	}
	const value = example.value as {
		message?: string
		error?: string
		errors?: { path: string; msg: string }[]
	}
	return value.errors?.[0] ?? value.message ?? value.error
}

/**
 * Answers many calls share, each said once among the document's response components: what any
 * call may answer besides its own refusals (`4XX`, `default`: platform/errors.ts,
 * body-limits.ts), and the 400 and 403s a call's declaration implies when it has no others.
 */
const SHARED_ANSWERS = {
	Refusal: {
		refusals: [MESSAGES.invalidJson, MESSAGES.bodyTooLarge],
		description: 'Any call: a body that is not JSON, or a JSON body over 1 MB',
	},
	Failure: {
		refusals: [MESSAGES.internal, MESSAGES.busy, MESSAGES.databaseUnavailable],
		description: 'Something failed on the server, or the database is unavailable or slow',
	},
	InvalidRequest: {
		refusals: [MESSAGES.validation],
		description: "A request off the call's schemas: `errors` holds one `{ path, msg }` per field",
	},
	NoToken: {
		refusals: [MESSAGES.tokenMissing],
		description: 'No bearer token, or one malformed, expired or of a sign-in that has ended',
	},
	NoTokenOrRole: {
		refusals: [MESSAGES.tokenMissing, MESSAGES.forbidden],
		description:
			'No bearer token (or one malformed, expired or of a sign-in that has ended), or the token of a role not in `x-roles`',
	},
} satisfies Record<string, { refusals: Refusal[]; description: string }>

const ANY_CALL = { '4XX': SHARED_ANSWERS.Refusal, default: SHARED_ANSWERS.Failure }

/** The shared answer that says exactly these refusals, if any. */
const sharedAnswer = (refusals: readonly Refusal[]) =>
	Object.entries(SHARED_ANSWERS).find(
		([, answer]) =>
			answer.refusals.length === refusals.length &&
			answer.refusals.every((text, index) => text === refusals[index]),
	)?.[0]

/**
 * A route's answers: its successes by status (a zod schema for JSON, or content of another type),
 * its own refusals by status with their texts (`refused`), and the error body for every other
 * refusal. The guard's 403s and the 400 of a request off its schema are added to the document
 * by `ApiRoutes.endpoint`.
 */
export function answers<const A extends Partial<Record<Status, z.ZodType | Content>>>(
	ok: A,
	refused: Refusals = {},
	{ under = 'message' }: { under?: 'message' | 'error' } = {},
) {
	const declared = Object.fromEntries(
		Object.entries(ok).map(([status, answer]) => [
			status,
			{
				description: `${status}`,
				content: answer instanceof z.ZodType ? { 'application/json': { schema: answer } } : answer,
			},
		]),
	)
	const own = Object.fromEntries(
		Object.entries(refused).map(([status, texts]) => [
			status,
			refusalAnswer([texts as Refusal | Refusal[]].flat(), under, undefined, Number(status)),
		]),
	)
	// `4XX` says a client's mistake is answered with it (Redocly's operation-4xx-response);
	// `default` covers the rest (a 500 has the same body).
	return {
		...declared,
		...own,
		'4XX': refusalAnswer(ANY_CALL['4XX'].refusals, under, ANY_CALL['4XX'].description),
		default: refusalAnswer(ANY_CALL.default.refusals, under, ANY_CALL.default.description),
	} as {
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

/**
 * The refusals a route's declaration implies, beside its own: the 400 of a request off its
 * schemas, and the guard's 403s (no token; a role not in `x-roles`).
 */
function withCommonRefusals({ request, responses }: RouteConfig, roles: string[] | undefined) {
	const texts = (status: number): Refusal[] => {
		const own = responses[status]
		if (!own || !('content' in own)) return []
		return Object.values(declaredExamples(own.content)).flatMap(
			(example) => exampleText(example) ?? [],
		)
	}
	const common: Partial<Record<400 | 403, Refusal[]>> = {}
	if (request?.params || request?.query || request?.body)
		common[400] = [
			MESSAGES.validation,
			...texts(400).filter((text) => text !== MESSAGES.validation),
		]
	if (roles) {
		const guard = [MESSAGES.tokenMissing, ...(roles.length < 3 ? [MESSAGES.forbidden] : [])]
		common[403] = [...guard, ...texts(403).filter((text) => !guard.includes(text as never))]
	}
	// A call whose refusals say `error` (organizations/register) says it in these too.
	const fallback = responses.default
	const under =
		fallback &&
		'content' in fallback &&
		Object.values(declaredExamples(fallback.content)).some(
			(example) => example.value && 'error' in example.value,
		)
			? 'error'
			: 'message'
	// What many calls share is said once, in the document's components.
	const documented = (refusals: readonly Refusal[], status: number) => {
		const shared = under === 'message' && sharedAnswer(refusals)
		return shared
			? { $ref: `#/components/responses/${shared}` }
			: refusalAnswer(refusals, under, undefined, status)
	}
	const added = Object.fromEntries(
		Object.entries({
			...common,
			// A call whose refusals say `error` keeps its own (answers()).
			...(under === 'message' && {
				'4XX': ANY_CALL['4XX'].refusals,
				default: ANY_CALL.default.refusals,
			}),
		}).map(([status, refusals]) => [status, documented(refusals, Number(status) || 0)]),
	)
	return { ...responses, ...added }
}

/** The examples of declared JSON content (a refusal's texts, `refusalAnswer`). */
function declaredExamples(content: unknown): Record<string, { $ref?: string; value?: object }> {
	const media = (
		content as Record<string, { examples?: Record<string, { $ref?: string; value?: object }> }>
	)?.['application/json']
	return media?.examples ?? {}
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
		if (!hide) {
			const documented = { ...declared, responses: withCommonRefusals(route, roles) }
			this.openAPIRegistry.registerPath(
				roles
					? { ...documented, security: [{ bearer: [] }], 'x-roles': roles }
					: { ...documented, security: declared.security ?? [] },
			)
		}
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
