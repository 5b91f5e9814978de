import type { SubmissionResult } from '@conform-to/react'
import { data, type RouterContextProvider } from 'react-router'
import { sendToast } from './toast.server'
import { formatFieldErrors, UpstreamError } from './upstream-errors'

type Submission = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> }

/**
 * An upstream failure after the form itself was valid: the spec's toast, and the same text next
 * to the form (server validation errors as 'path: msg' lines, also attached to matching fields).
 */
export function replyWithUpstreamError(
	context: Readonly<RouterContextProvider>,
	submission: Submission,
	error: unknown,
	hideFields: string[] = [],
) {
	if (!(error instanceof UpstreamError)) throw error
	sendToast(context, error.toast)
	const fieldErrors: Record<string, string[]> = {}
	for (const { path, msg } of error.fieldErrors) (fieldErrors[path] ??= []).push(msg)
	const formErrors = error.fieldErrors.length ? formatFieldErrors(error.fieldErrors) : [error.text]
	return data(submission.reply({ formErrors, fieldErrors, hideFields }), { status: replyStatus(error.status) })
}

function replyStatus(upstreamStatus: number | undefined) {
	if (upstreamStatus === undefined) return 503
	return upstreamStatus >= 500 ? 502 : upstreamStatus
}
