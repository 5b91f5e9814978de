import { useSubmitting } from '~/ui/use-form'
import type { DraftErrors } from './editor'
import type { Draft } from './schema'
import { TemplateEditor } from './template-editor'

const NO_ERRORS: DraftErrors = {}
const NO_FORM_ERRORS: string[] = []

/** A new QA template: the editor, starting from an empty draft or the draft the action answered. */
export function CreateTemplatePage({
	draft,
	actionData,
}: {
	draft: Draft
	actionData: { draft: Draft; errors: DraftErrors; formErrors: string[] } | undefined
}) {
	const busy = useSubmitting('save')
	return (
		<div className="flex flex-col gap-6">
			<div>
				<h1 className="text-2xl font-bold">Create a QA template</h1>
				<p className="mt-1 text-slate-700">
					A timed multiple-choice test your students can take once you make it available.
				</p>
			</div>
			<TemplateEditor
				initialDraft={actionData?.draft ?? draft}
				errors={actionData?.errors ?? NO_ERRORS}
				formErrors={actionData?.formErrors ?? NO_FORM_ERRORS}
				busy={busy}
			/>
		</div>
	)
}
