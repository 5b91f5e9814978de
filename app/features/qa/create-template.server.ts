import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { createTemplate } from './api.server'
import { parseEditorPost, validateDraft } from './editor'

type Context = Readonly<RouterContextProvider>

/**
 * Each editor button posts the whole draft (its fields) with an `intent`: add-question,
 * remove-question:<id>, or save. Nothing is stored between posts: every answer is conform's
 * reply, and the page shows the draft it gives back, with the change a button asked for.
 */
export async function createTemplateAction(context: Context, request: Request) {
	const submission = parseEditorPost(await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply({ formErrors: [t`The form was incomplete. Please try again.`] }), {
			status: 400,
		})
	const { intent, ...draft } = submission.value
	if (intent.type !== 'save') return submission.reply()

	const checked = validateDraft(draft)
	if (!checked.ok)
		return data(
			submission.reply({
				formErrors: [t`Please fix the problems marked below.`],
				fieldErrors: checked.errors,
			}),
			{ status: 400 },
		)
	try {
		await createTemplate(upstream(context, request), checked.value)
	} catch (error) {
		// The API's paths name its own body, which leaves blank options out: not the editor's inputs.
		return replyWithUpstreamError(context, submission, error, [], () => undefined)
	}
	sendToast(context, successToast(t`Template created successfully`))
	return redirect('/teachersdashboard/qa/templates')
}
