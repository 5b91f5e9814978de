import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, upstreamErrorReply } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { createTemplate } from './api.server'
import {
	applyIntent,
	draftFromForm,
	editorPostSchema,
	emptyDraft,
	validateDraft,
	type DraftErrors,
} from './editor'

type Context = Readonly<RouterContextProvider>

const NO_ERRORS: DraftErrors = {}

/**
 * Each editor button posts the whole draft (its fields) with an `intent`: add-question,
 * remove-question:<id>, or save. Nothing is stored between posts; the answer is the edited draft,
 * with the editor's own errors (it keeps its draft in the page, not in conform).
 */
export async function createTemplateAction(context: Context, request: Request) {
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: editorPostSchema })
	const draft = draftFromForm(formData)
	if (submission.status !== 'success' || !draft) {
		return data(
			{
				draft: draft ?? emptyDraft(),
				errors: NO_ERRORS,
				formErrors: ['The form was incomplete. Please try again.'],
			},
			{ status: 400 },
		)
	}
	const { intent } = submission.value
	if (intent.type !== 'save')
		return { draft: applyIntent(draft, intent), errors: NO_ERRORS, formErrors: [] }

	const checked = validateDraft(draft)
	if (!checked.ok)
		return data(
			{ draft, errors: checked.errors, formErrors: ['Please fix the problems marked below.'] },
			{ status: 400 },
		)
	try {
		await createTemplate(upstream(context, request), checked.value)
	} catch (error) {
		const { result, status } = upstreamErrorReply(context, submission, error)
		return data({ draft, errors: NO_ERRORS, formErrors: result.error?.[''] ?? [] }, { status })
	}
	sendToast(context, successToast('Template created successfully'))
	return redirect('/teachersdashboard/qa/templates')
}
