import { data, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/qa-create'
import { createTemplate } from '~/features/qa/api.server'
import {
	applyIntent,
	draftFromForm,
	emptyDraft,
	readIntent,
	validateDraft,
	type DraftErrors,
} from '~/features/qa/editor'
import { TemplateEditor } from '~/features/qa/template-editor'
import { requireRole, upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { formatFieldErrors, UpstreamError } from '~/platform/upstream-errors'
import { readForm, replyStatus } from '~/platform/form.server'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	return { draft: emptyDraft() }
}

/**
 * Each editor button posts the whole draft (its fields) with an `intent`: add-question,
 * remove-question:<id>, or save. Nothing is stored between posts; the answer is the edited draft.
 */
export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const form = await readForm(request)
	const intent = readIntent(form.get('intent'))
	const draft = draftFromForm(form)
	if (!intent || !draft) {
		return data(
			{
				draft: draft ?? emptyDraft(),
				errors: {} as DraftErrors,
				formErrors: ['The form was incomplete. Please try again.'],
			},
			{ status: 400 },
		)
	}
	if (intent.type !== 'save')
		return { draft: applyIntent(draft, intent), errors: {} as DraftErrors, formErrors: [] }

	const checked = validateDraft(draft)
	if (!checked.ok)
		return data(
			{ draft, errors: checked.errors, formErrors: ['Please fix the problems marked below.'] },
			{ status: 400 },
		)
	try {
		await createTemplate(upstream(context, request), checked.value)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
		const formErrors = error.fieldErrors.length
			? formatFieldErrors(error.fieldErrors)
			: [error.text]
		const status = replyStatus(error.status)
		return data({ draft, errors: {} as DraftErrors, formErrors }, { status })
	}
	sendToast(context, successToast('Template created successfully'))
	return redirect('/teachersdashboard/qa/templates')
}

export function meta() {
	return [{ title: 'Create a QA template | TutorHub' }]
}

export default function CreateTemplate({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
	return (
		<div className="flex flex-col gap-6">
			<div>
				<h1 className="text-2xl font-bold">Create a QA template</h1>
				<p className="mt-1 text-slate-700">
					A timed multiple-choice test your students can take once you make it available.
				</p>
			</div>
			<TemplateEditor
				initialDraft={actionData?.draft ?? loaderData.draft}
				errors={actionData?.errors ?? NO_ERRORS}
				formErrors={actionData?.formErrors ?? NO_FORM_ERRORS}
				busy={busy}
			/>
		</div>
	)
}

const NO_ERRORS: DraftErrors = {}
const NO_FORM_ERRORS: string[] = []
