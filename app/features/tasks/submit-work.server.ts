import { t } from '@lingui/core/macro'
import type { SubmissionResult } from '@conform-to/react'
import type { RouterContextProvider } from 'react-router'
import { parseForm, readFormWithFile, upstreamErrorReply } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { submitTask } from './api.server'
import { fileTooLarge, MAX_FILE_BYTES, submitTaskSchema } from './schema'

export type SubmitWorkResult = SubmissionResult<string[]>

/** The task page's address, where a saved submission leads back to. */
export const taskDetailsPath = (taskId: string) =>
	`/studentdashboard/task-details?taskId=${encodeURIComponent(taskId)}`

/**
 * A student's posted work, read and sent upstream: `saved` (with the spec's toast queued) or the
 * form's answer and its status. The page's action and the upload island's JSON route both answer
 * from this, so a post with or without JavaScript is judged the same way.
 */
export async function submitWork(
	context: Readonly<RouterContextProvider>,
	request: Request,
	taskId: string,
): Promise<{ saved: true } | { saved: false; result: SubmitWorkResult; status: number }> {
	const { formData, tooLarge } = await readFormWithFile(request, {
		maxFileBytes: MAX_FILE_BYTES,
		field: 'file',
		message: fileTooLarge(),
	})
	if (tooLarge) return { saved: false, result: tooLarge, status: 413 }
	const submission = parseForm(formData, { schema: submitTaskSchema })
	if (submission.status !== 'success')
		return { saved: false, result: submission.reply({ hideFields: ['file'] }), status: 400 }
	try {
		await submitTask(upstream(context, request), taskId, submission.value)
	} catch (error) {
		return { saved: false, ...upstreamErrorReply(context, submission, error, ['file']) }
	}
	sendToast(context, successToast(t`Task submitted successfully`))
	return { saved: true }
}

/** The island's answer, in JSON: where to go after a saved submission, or the form's errors. */
export type SubmitWorkReply = { redirect: string } | { result: SubmitWorkResult }

export async function submitWorkReply(
	context: Readonly<RouterContextProvider>,
	request: Request,
	taskId: string,
) {
	const outcome = await submitWork(context, request, taskId)
	if (outcome.saved) return jsonReply({ redirect: taskDetailsPath(taskId) }, 200)
	return jsonReply({ result: outcome.result }, outcome.status)
}

/** JSON with no raw `<` in its text (the answer echoes the note): inert even if read as HTML. */
function jsonReply(body: SubmitWorkReply, status: number) {
	// eslint-disable-next-line lingui/no-unlocalized-strings -- an escape and a header, not texts
	return new Response(JSON.stringify(body).replace(/</g, '\\u003c'), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	})
}
