import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiEnv } from './context.ts'
import { reportError } from './error-reports.ts'

export type FieldError = { path: string; msg: string }

/** A failure the caller caused or may see; anything else becomes a 500. */
export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		readonly errors?: FieldError[],
		/** Sent with the answer, e.g. Retry-After with a 429. */
		readonly headers?: Record<string, string>,
	) {
		super(message)
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
	notFound: 'Not found',
} as const

export const validationError = (errors: FieldError[]) =>
	new ApiError(400, MESSAGES.validation, errors)

export function errorResponse(
	c: Context<ApiEnv>,
	status: ContentfulStatusCode,
	message: string,
	errors?: FieldError[],
) {
	return c.json({ [c.get('errorField') ?? 'message']: message, ...(errors && { errors }) }, status)
}

export function handleError(error: Error, c: Context<ApiEnv>) {
	if (error instanceof ApiError) {
		for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value)
		return errorResponse(c, error.status, error.message, error.errors)
	}
	console.error(`${c.req.method} ${c.req.path} failed:`, error)
	reportError(error, { method: c.req.method, path: c.req.routePath, userId: c.get('account')?.id })
	return errorResponse(c, 500, MESSAGES.internal)
}

export const isUniqueViolation = (error: unknown) =>
	typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
