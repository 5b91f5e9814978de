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

export function errorResponse(
	c: Context<ApiEnv>,
	status: ContentfulStatusCode,
	message: string,
	errors?: FieldError[],
) {
	return c.json({ [c.get('errorField') ?? 'message']: message, ...(errors && { errors }) }, status)
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
 * An error answer's texts in the speaker's language; English as they always were. The answer's own
 * `message` is said only when built from values: a fixed one stays the spec's English, which the
 * app reads to tell refusals apart (`TWO_FACTOR_SETUP_REQUIRED`, an expired challenge) and then
 * translates itself by its English (decision 064). Field errors are said whole.
 */
function sayError(error: ApiError, speech: Speaker) {
	const said = (text: string | Phrase) =>
		text instanceof Phrase ? text.in(speech) : speech.translate(text)
	return {
		message: error.phrase?.in(speech) ?? error.message,
		errors: error.errors?.map((field): FieldError => ({ ...field, msg: said(field.msg) })),
	}
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
		return errorResponse(c, error.status, message, errors)
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
		return errorResponse(c, 503, MESSAGES[unavailable])
	}
	log.error({ err: error, requestId: c.get('requestId') }, `${c.req.method} ${c.req.path} failed`)
	reportError(error, {
		method: c.req.method,
		path: c.req.routePath,
		userId: c.get('account')?.id,
		requestId: c.get('requestId'),
	})
	return errorResponse(c, 500, MESSAGES.internal)
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
