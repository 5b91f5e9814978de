import { t } from '@lingui/core/macro'
import type { ZodType } from 'zod'
import { withApiTexts } from './api-text.server'
import {
	classifyFailure,
	errorCodeOf,
	fieldErrorsFromBody,
	storedErrorText,
	toastForFailure,
	UpstreamError,
} from './upstream-errors'

// Reading the upstream's answers: a JSON body checked against the caller's schema (parsed once per
// cached answer), and a failed answer turned into the UpstreamError the pages show.

/** One HTTP answer, its body read whole. */
export type Reply = { status: number; ok: boolean; text: string }

/** '/courses/update-course/1' -> 'courses' */
export function resourceOf(path: string): string {
	return path.split('?')[0]?.split('/').find(Boolean) ?? ''
}

/**
 * A read may be repeated after any passing failure. A write is repeated only when it surely did
 * not happen or failed on the server: not after a timeout (it may have been applied) and not after
 * a 429 (a login limit says to wait minutes, not seconds).
 */
export function isTransient(
	error: UpstreamError,
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
): boolean {
	if (error.kind === 'network') return true
	if (method === 'GET' && (error.kind === 'timeout' || error.status === 429)) return true
	return error.status !== undefined && error.status >= 500
}

export function errorFromReply(
	reply: Reply,
	call: { fallback: string; errorField?: 'message' | 'error' },
): UpstreamError {
	const said = parseLenient(reply.text)
	const body = withApiTexts(said)
	const status = reply.status
	const { kind, toast } = classifyFailure({
		kind: 'response',
		body,
		errorMessage: t`Request failed with status ${status}`,
	})
	return new UpstreamError({
		status: reply.status,
		kind,
		text: storedErrorText(body, call.errorField) ?? call.fallback,
		code: errorCodeOf(said),
		fieldErrors: fieldErrorsFromBody(body),
		toast,
	})
}

export function unexpectedResponse(fallback: string, cause: unknown): UpstreamError {
	return new UpstreamError({
		kind: 'unknown',
		text: fallback,
		toast: toastForFailure({
			kind: 'unknown',
			errorMessage: t`Unexpected response from the server`,
		}),
		cause,
	})
}

/** A 204 or an empty body reads as `{}`. */
export function readJson(text: string, fallback: string): unknown {
	if (text.trim() === '') return {}
	try {
		return JSON.parse(text)
	} catch (error) {
		throw unexpectedResponse(fallback, error)
	}
}

export function parseAnswer<T>(raw: unknown, schema: ZodType<T>, fallback: string): T {
	const parsed = schema.safeParse(raw)
	if (!parsed.success) throw unexpectedResponse(fallback, parsed.error)
	return parsed.data
}

// A cached answer is read by many requests, and parsing it again each time was a real share of a
// page's cost: each schema parses a cached answer once. Loaders pass what they get on to the page
// and never change it, so sharing the parsed value is safe.
const parsedAnswers = new WeakMap<object, Map<ZodType<unknown>, unknown>>()

export function parseCachedAnswer<T>(raw: unknown, schema: ZodType<T>, fallback: string): T {
	if (typeof raw !== 'object' || raw === null) return parseAnswer(raw, schema, fallback)
	let bySchema = parsedAnswers.get(raw)
	if (!bySchema) {
		bySchema = new Map()
		parsedAnswers.set(raw, bySchema)
	}
	if (bySchema.has(schema)) return bySchema.get(schema) as T
	const value = parseAnswer(raw, schema, fallback)
	bySchema.set(schema, value)
	return value
}

export function parseLenient(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return undefined
	}
}
