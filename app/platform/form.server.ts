import { t } from '@lingui/core/macro'
import type { SubmissionResult } from '@conform-to/react'
import { data, type RouterContextProvider } from 'react-router'
import { readFormWithin } from './multipart.server'
import { parseForm } from './own-fields'
import { sendToast } from './toast.server'
import { formatFieldErrors, UpstreamError } from './upstream-errors'

/**
 * A form of text fields: a few kilobytes; the largest (a whole test template, a score grid) stays
 * well under this. Forms with a file pass their own limit.
 */
// Every action parses through it (ESLint keeps server code off conform's own parseWithZod).
export { parseForm }

export const FORM_LIMIT = 1024 * 1024

/**
 * An action's posted form. A body over `maxBytes` is a 413 before it is parsed (nothing reaches
 * the upstream, nothing is echoed back), and so is one of more fields than any form has, or a
 * field name longer or deeper than any form's, or one naming absurdly long lists. A body that is
 * not a form (JSON, plain text, malformed multipart, none at all) reads as an empty form, so
 * validation answers it with field errors instead of a crash.
 */
export async function readForm(request: Request, maxBytes = FORM_LIMIT): Promise<FormData> {
	const { tooLarge, formData } = await readFormWithin(request, maxBytes, FIELDS_LIMIT)
	if (tooLarge || isOutsideFormLimits(formData)) throw tooLargeAnswer()
	return formData
}

const tooLargeAnswer = () => data(t`The form is too large`, { status: 413 })

/**
 * The most fields a form may post: the largest real one (a test template of 100 questions of 10
 * options each) has about 2,200. Each field costs conform's parsing and comes back in the answer,
 * so 150,000 of them cost a second of CPU (issue 29).
 */
export const FIELDS_LIMIT = 5_000
/** The longest field name: real ones (`questions[12].options[3].text`) are a few dozen characters. */
export const NAME_LIMIT = 200
/**
 * The deepest field name, in `.` and `[` steps: real ones go 4 deep. conform follows each step
 * recursively, so a name 10,000 deep overflowed its stack.
 */
export const DEPTH_LIMIT = 8

function isOutsideFormLimits(formData: FormData) {
	let fields = 0
	for (const name of formData.keys()) {
		fields += 1
		if (fields > FIELDS_LIMIT || name.length > NAME_LIMIT) return true
		let depth = 0
		for (const char of name) if (char === '.' || char === '[') depth += 1
		if (depth > DEPTH_LIMIT) return true
	}
	return tooManyListItems(formData)
}

/**
 * The list items a form may make, over all its lists. conform makes each list (`questions[3].id`,
 * `scores[2][5]`) as long as its highest index, and the answer sends the list back, so a small
 * form naming `x[99999999]` would cost seconds and an answer of hundreds of megabytes. The
 * largest real list (a template's questions and options, a score grid) is a few thousand.
 */
export const LIST_ITEMS_LIMIT = 100_000

function tooManyListItems(formData: FormData) {
	const lengths = new Map<string, number>()
	for (const name of formData.keys()) {
		for (const index of name.matchAll(/\[(\d+)\]/g)) {
			const list = name.slice(0, index.index)
			lengths.set(list, Math.max(lengths.get(list) ?? 0, Number(index[1]) + 1))
		}
	}
	let items = 0
	for (const length of lengths.values()) items += length
	return items > LIST_ITEMS_LIMIT
}

/**
 * A form with a file. Up to twice the file limit (plus the text fields) is still parsed, so an
 * answer about the file keeps what was typed; a larger body is not parsed at all and the answer
 * is the file field's error alone (`tooLarge`, to reply with status 413). Either way nothing
 * reaches the upstream.
 */
export async function readFormWithFile(
	request: Request,
	{
		maxFileBytes,
		field,
		message,
		initialValue = {},
	}: {
		maxFileBytes: number
		field: string
		message: string
		initialValue?: Record<string, string>
	},
): Promise<
	{ formData: FormData; tooLarge: null } | { formData: null; tooLarge: SubmissionResult<string[]> }
> {
	const { tooLarge, formData } = await readFormWithin(
		request,
		2 * maxFileBytes + FORM_LIMIT,
		FIELDS_LIMIT,
	)
	if (!tooLarge && isOutsideFormLimits(formData)) throw tooLargeAnswer()
	if (!tooLarge) return { formData, tooLarge: null }
	return {
		formData: null,
		tooLarge: { status: 'error', initialValue, error: { [field]: [message] } },
	}
}

type Submission = {
	reply(options?: {
		formErrors?: string[]
		fieldErrors?: Record<string, string[]>
		hideFields?: string[]
	}): SubmissionResult<string[]>
}

/** The form field an upstream error path belongs to; undefined leaves it to the form's lines. */
type FieldOf = (path: string) => string | undefined

/**
 * An upstream failure after the form itself was valid: the spec's toast, and the same text next
 * to the form (server validation errors as 'path: msg' lines, also attached to matching fields:
 * the field of the same name, or the one `fieldOf` names when the form names its fields otherwise).
 */
export function replyWithUpstreamError(
	context: Readonly<RouterContextProvider>,
	submission: Submission,
	error: unknown,
	hideFields: string[] = [],
	fieldOf: FieldOf = (path) => path,
) {
	const { result, status } = upstreamErrorReply(context, submission, error, hideFields, fieldOf)
	return data(result, { status })
}

/** The same answer as plain values, for a route that answers in JSON rather than to a page. */
export function upstreamErrorReply(
	context: Readonly<RouterContextProvider>,
	submission: Submission,
	error: unknown,
	hideFields: string[] = [],
	fieldOf: FieldOf = (path) => path,
) {
	if (!(error instanceof UpstreamError)) throw error
	sendToast(context, error.toast)
	const fieldErrors: Record<string, string[]> = {}
	for (const { path, msg } of error.fieldErrors) {
		const field = fieldOf(path)
		if (field !== undefined) (fieldErrors[field] ??= []).push(msg)
	}
	const formErrors = error.fieldErrors.length ? formatFieldErrors(error.fieldErrors) : [error.text]
	return {
		result: submission.reply({ formErrors, fieldErrors, hideFields }),
		status: replyStatus(error.status),
	}
}

/** The one rule for answering an upstream failure: unreachable 503, its 5xx 502, else its own status. */
export function replyStatus(upstreamStatus: number | undefined) {
	if (upstreamStatus === undefined) return 503
	return upstreamStatus >= 500 ? 502 : upstreamStatus
}
