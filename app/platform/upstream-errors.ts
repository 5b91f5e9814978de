import { t } from '@lingui/core/macro'
import type { AppToast as ShownToast } from './toast'

// Derived from the toast schema so a toast built here always passes the flash cookie's check;
// every upstream toast carries its own duration (spec section 8).
export type AppToast = ShownToast & { duration: number }
export type ToastAction = NonNullable<ShownToast['action']>

export type FieldError = { path: string; msg: string }

export type UpstreamErrorKind =
	'validation' | 'error-string' | 'message' | 'timeout' | 'network' | 'unknown'

/** The server answered with an error, the call timed out, it never connected, or anything else. */
export type Failure = {
	kind: 'response' | 'timeout' | 'network' | 'unknown'
	body?: unknown
	errorMessage?: string
}

/** One failed upstream call: its toast, and the text kept as the state error next to the form. */
export class UpstreamError extends Error {
	override name = 'UpstreamError'
	readonly status?: number
	readonly kind: UpstreamErrorKind
	/** What a person reads, in the request's language. */
	readonly text: string
	/**
	 * The API's name for this refusal (`two_factor_setup_required`, `not_found`: decision 072), the
	 * same in every language: what code compares, never the text.
	 */
	readonly code?: string
	readonly fieldErrors: FieldError[]
	readonly toast: AppToast

	constructor(init: {
		kind: UpstreamErrorKind
		text: string
		code?: string
		toast: AppToast
		status?: number
		fieldErrors?: FieldError[]
		cause?: unknown
	}) {
		super(init.text, { cause: init.cause })
		this.kind = init.kind
		this.text = init.text
		this.code = init.code
		this.toast = init.toast
		this.status = init.status
		this.fieldErrors = init.fieldErrors ?? []
	}
}

// Getters: each toast is read in the request's (or the page's) language when it is sent.
export const sessionToasts: Record<'refreshed' | 'expired' | 'timedOut' | 'loggedOut', AppToast> = {
	get refreshed(): AppToast {
		return { type: 'success', title: t`Session refreshed successfully`, duration: 2000 }
	},
	get expired(): AppToast {
		return {
			type: 'error',
			title: t`Session expired. Please login again.`,
			duration: 4000,
			action: { label: 'Login', href: '/login' },
		}
	},
	get timedOut(): AppToast {
		return {
			type: 'error',
			title: t`Request timed out. Server may be sleeping. Please try again.`,
			duration: 6000,
			action: { label: 'Retry' },
		}
	},
	get loggedOut(): AppToast {
		return { type: 'info', title: t`You have been logged out`, duration: 3000 }
	},
}

/** The refresh token was refused or the refresh timed out: the session is over. */
export class SessionExpiredError extends Error {
	override name = 'SessionExpiredError'
	readonly reason: 'refresh-failed' | 'refresh-timeout'
	readonly toast: AppToast

	constructor(reason: 'refresh-failed' | 'refresh-timeout', options?: { cause?: unknown }) {
		const toast = reason === 'refresh-timeout' ? sessionToasts.timedOut : sessionToasts.expired
		super(toast.title, options)
		this.reason = reason
		this.toast = toast
	}
}

/** The spec's "General request errors" table, rows tried in its order. */
export function classifyFailure(failure: Failure): { kind: UpstreamErrorKind; toast: AppToast } {
	if (failure.kind === 'timeout') {
		return {
			kind: 'timeout',
			toast: {
				type: 'error',
				title: t`Request Timeout`,
				description: t`The server is taking longer than expected. It may be sleeping. Please try again.`,
				duration: 6000,
				action: { label: 'Retry' },
			},
		}
	}
	if (failure.kind === 'network') {
		return {
			kind: 'network',
			toast: {
				type: 'error',
				title: t`Network Error`,
				description: t`Please check your internet connection and try again.`,
				duration: 5000,
				action: { label: 'Retry' },
			},
		}
	}
	if (failure.kind === 'response') {
		const fieldErrors = fieldErrorsFromBody(failure.body)
		if (fieldErrors.length > 0) {
			return {
				kind: 'validation',
				toast: {
					type: 'error',
					title: t`Validation Error`,
					description: formatFieldErrors(fieldErrors).join('\n'),
					duration: 5000,
					action: { label: 'Dismiss' },
				},
			}
		}
		const body = isRecord(failure.body) ? failure.body : {}
		const errorString = nonEmptyString(body.error)
		if (errorString) {
			return {
				kind: 'error-string',
				toast: {
					type: 'error',
					title: t`Request Failed`,
					description: errorString,
					duration: 4000,
				},
			}
		}
		const message =
			nonEmptyString(body.message) ??
			(isRecord(body.error) ? nonEmptyString(body.error.message) : undefined)
		if (message) {
			return {
				kind: 'message',
				toast: { type: 'error', title: t`Error`, description: message, duration: 4000 },
			}
		}
	}
	return {
		kind: 'unknown',
		toast: {
			type: 'error',
			title: t`Something went wrong`,
			description: failure.errorMessage || t`An unexpected error occurred`,
			duration: 4000,
		},
	}
}

export function toastForFailure(failure: Failure): AppToast {
	return classifyFailure(failure).toast
}

/** Spec section 5: server validation errors read as 'path: msg' lines. */
export function formatFieldErrors(errors: FieldError[]): string[] {
	return errors.map(({ path, msg }) => (path ? `${path}: ${msg}` : msg))
}

/** The `errors[]` of an error body: entries without a message are dropped, array paths dotted. */
export function fieldErrorsFromBody(body: unknown): FieldError[] {
	if (!isRecord(body) || !Array.isArray(body.errors)) return []
	return body.errors.flatMap((entry): FieldError[] => {
		if (!isRecord(entry)) return []
		const msg = nonEmptyString(entry.msg)
		if (!msg) return []
		return [{ path: pathText(entry.path), msg }]
	})
}

/** The `code` of an error body (decision 072), if it has one. */
export function errorCodeOf(body: unknown): string | undefined {
	return isRecord(body) ? nonEmptyString(body.code) : undefined
}

/**
 * Spec section 8: the state error is the server's `message` field, or its `error` field for the
 * calls that answer that way (organization create, schedule create); else the caller's fallback.
 */
export function storedErrorText(
	body: unknown,
	errorField: 'message' | 'error' = 'message',
): string | undefined {
	if (!isRecord(body)) return undefined
	const field = body[errorField]
	if (errorField === 'error' && isRecord(field)) return nonEmptyString(field.message)
	return nonEmptyString(field)
}

function pathText(path: unknown): string {
	if (typeof path === 'string') return path
	if (typeof path === 'number') return String(path)
	if (Array.isArray(path)) return path.join('.')
	return ''
}

function nonEmptyString(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}
