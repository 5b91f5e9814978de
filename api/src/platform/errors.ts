import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Account, ApiEnv } from './context.ts'
import { english, Phrase, requestSpeaker, speaker, type Speaker } from './i18n.ts'
import { reportError } from './error-reports.ts'
import { log } from './log.ts'

export type FieldError = { path: string; msg: string }
/** A field's error whose text may be built from values, said in the request's language. */
export type SaidFieldError = { path: string; msg: string | Phrase }

/** A failure the caller caused or may see; anything else becomes a 500. */
export class ApiError extends Error {
	readonly status: ContentfulStatusCode
	readonly errors?: SaidFieldError[]
	/** Sent with the answer, e.g. Retry-After with a 429. */
	readonly headers?: Record<string, string>

	/** The message built from values, said in the request's language when answered. */
	readonly phrase?: Phrase

	constructor(
		status: ContentfulStatusCode,
		message: string | Phrase,
		errors?: SaidFieldError[],
		headers?: Record<string, string>,
	) {
		super(String(message))
		if (message instanceof Phrase) this.phrase = message
		this.status = status
		this.errors = errors
		this.headers = headers
	}
}

export const MESSAGES = {
	validation: 'Validation failed',
	invalidJson: 'Invalid JSON body',
	tokenMissing: 'Access token is missing or expired',
	forbidden: 'You do not have permission to do this',
	duplicateEmail: 'An account with this email already exists',
	badCredentials: 'Invalid email or password',
	organizationLogin: 'This email and password belong to an organization: log in as an organization',
	userLogin:
		'This email and password belong to a student or teacher: log in as a student or teacher',
	fileTooLarge: 'File is too large (max 2 MB)',
	documentTooLarge: 'File is too large (max 10 MB)',
	bodyTooLarge: 'Request body is too large (max 1 MB)',
	internal: 'Internal server error',
	// The spec's words for a server that takes too long (section 8): a statement or a lock
	// waited past DATABASE_STATEMENT_TIMEOUT_MS.
	busy: 'The server is taking longer than expected. It may be sleeping. Please try again.',
	databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
	storageUnavailable: 'File storage is unavailable. Please try again later.',
	notFound: 'Not found',
} as const

export const validationError = (errors: SaidFieldError[]) =>
	new ApiError(400, MESSAGES.validation, errors)

/**
 * Every error answer's `code` (decision 072): a stable snake_case name a client tells refusals
 * apart by, whatever language the `message` is said in. A refusal a client must tell apart from
 * the others of its status has its own (`refusalCode`); any other is named by its status.
 */
const STATUS_CODES: Partial<Record<number, string>> = {
	400: 'bad_request',
	401: 'unauthorized',
	402: 'payment_required',
	403: 'forbidden',
	404: 'not_found',
	409: 'conflict',
	410: 'gone',
	413: 'too_large',
	415: 'unsupported_media_type',
	422: 'unprocessable',
	429: 'rate_limited',
	500: 'internal_error',
	502: 'upstream_failed',
	503: 'unavailable',
}

/** The refusals with a code of their own, by their English text (or a phrase's message). */
const ownCodes = new Map<string, string>()

/**
 * Gives a refusal its own code, beside the text that says it (`refusalCode(CHALLENGE_EXPIRED,
 * 'challenge_expired')`). A published code never changes: clients compare it.
 */
export function refusalCode(english: string, code: string) {
	const had = ownCodes.get(english)
	if (had && had !== code) throw new Error(`"${english}" has the code ${had} already`)
	ownCodes.set(english, code)
}

/** The code of a refusal: its own, else its status's. */
export const codeOf = (status: number, english: string): string =>
	ownCodes.get(english) ??
	STATUS_CODES[status] ??
	(status >= 500 ? 'internal_error' : 'bad_request')

for (const [name, code] of [
	['validation', 'validation_failed'],
	['invalidJson', 'invalid_json'],
	['tokenMissing', 'access_token_invalid'],
	['forbidden', 'forbidden'],
	['duplicateEmail', 'email_taken'],
	['badCredentials', 'invalid_credentials'],
	['organizationLogin', 'organization_account'],
	['userLogin', 'person_account'],
	['fileTooLarge', 'file_too_large'],
	['documentTooLarge', 'file_too_large'],
	['bodyTooLarge', 'body_too_large'],
	['internal', 'internal_error'],
	['busy', 'server_busy'],
	['databaseUnavailable', 'service_unavailable'],
	['storageUnavailable', 'storage_unavailable'],
	['notFound', 'not_found'],
] as const)
	refusalCode(MESSAGES[name], code)

export function errorResponse(
	c: Context<ApiEnv>,
	status: ContentfulStatusCode,
	message: string,
	code: string,
	errors?: FieldError[],
) {
	return c.json(
		{ [c.get('errorField') ?? 'message']: message, code, ...(errors && { errors }) },
		status,
	)
}

/** The language an account's mails speak (its own, else its organization's), given by the account domain. */
export type AccountLanguage = (account: Account) => Promise<string | null>

/**
 * Whom an error answer speaks to (decision 067): the request's `Accept-Language` when it names
 * languages (the app sends its page's), else (none, or `*` as Node's fetch sends) the signed-in
 * account's own language, else English. Asked only when an error is answered, so a request that
 * succeeds costs nothing more.
 */
async function answerSpeaker(c: Context<ApiEnv>, accountLanguage?: AccountLanguage) {
	const header = c.req.header('Accept-Language')?.trim()
	if (header && header !== '*') return requestSpeaker(header)
	const account = c.get('account')
	if (!account || !accountLanguage) return english
	try {
		return speaker(await accountLanguage(account))
	} catch {
		return english
	}
}

/**
 * An error answer's texts in the speaker's language, its `message` included (decision 072: clients
 * tell refusals apart by `code`); English as they always were. Field errors are said whole.
 */
function sayError(error: ApiError, speech: Speaker) {
	const said = (text: string | Phrase) =>
		text instanceof Phrase ? text.in(speech) : speech.translate(text)
	return {
		message: said(error.phrase ?? error.message),
		errors: error.errors?.map((field): FieldError => ({ ...field, msg: said(field.msg) })),
	}
}

/** A failure's language when the database may be away: the request's `Accept-Language` alone. */
function headerSpeaker(c: Context<ApiEnv>) {
	const header = c.req.header('Accept-Language')?.trim()
	return header && header !== '*' ? requestSpeaker(header) : english
}

export async function handleError(
	error: Error,
	c: Context<ApiEnv>,
	accountLanguage?: AccountLanguage,
) {
	if (error instanceof ApiError) {
		for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value)
		// Said in the reader's language (decisions 064, 067): the schemas' and refusals' texts by
		// their English in the catalogs, texts built from values as phrases.
		const { message, errors } = sayError(error, await answerSpeaker(c, accountLanguage))
		const code = codeOf(error.status, error.phrase?.message ?? error.message)
		return errorResponse(c, error.status, message, code, errors)
	}
	const unavailable = databaseUnavailable(error)
	if (unavailable) {
		// An outage or a held lock, not a fault of this request: said plainly, and reported by
		// the health check rather than once per request.
		log.error(
			{ requestId: c.get('requestId') },
			`${c.req.method} ${c.req.path}: ${unavailable}: ${error.message}`,
		)
		c.header('Retry-After', '5')
		const message = headerSpeaker(c).translate(MESSAGES[unavailable])
		return errorResponse(c, 503, message, codeOf(503, MESSAGES[unavailable]))
	}
	log.error({ err: error, requestId: c.get('requestId') }, `${c.req.method} ${c.req.path} failed`)
	reportError(error, {
		method: c.req.method,
		path: c.req.routePath,
		userId: c.get('account')?.id,
		requestId: c.get('requestId'),
	})
	const message = headerSpeaker(c).translate(MESSAGES.internal)
	return errorResponse(c, 500, message, codeOf(500, MESSAGES.internal))
}

// PostgreSQL's codes: a statement cancelled by statement_timeout, a lock not had by lock_timeout.
const TIMED_OUT = new Set(['57014', '55P03'])
// The server going away or not yet taking connections, and the socket's own failures.
const UNREACHABLE = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])

/** Whether an error is the database's absence or slowness, which a 503 says, rather than a bug. */
export function databaseUnavailable(error: unknown): 'busy' | 'databaseUnavailable' | null {
	const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null
	if (typeof code === 'string' && TIMED_OUT.has(code)) return 'busy'
	if (typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08')))
		return 'databaseUnavailable'
	// node-postgres's own words for a connection lost or never had (no code).
	const message = error instanceof Error ? error.message : ''
	if (/^Connection terminated|timeout exceeded when trying to connect/.test(message))
		return 'databaseUnavailable'
	return null
}

export const isUniqueViolation = (error: unknown) =>
	typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
