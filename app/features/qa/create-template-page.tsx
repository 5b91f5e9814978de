import type { SubmissionResult } from '@conform-to/react'
import { Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import { useSubmitting } from '~/ui/use-form'
import { editorAnswer, type DraftErrors } from './editor'
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
	actionData: SubmissionResult<string[]> | undefined
}) {
	const busy = useSubmitting('save')
	// Once per answer: the editor starts again from a new draft or new messages only.
	const answer = useMemo(() => (actionData ? editorAnswer(actionData) : null), [actionData])
	return (
		<div className="flex flex-col gap-6">
			<div>
				<h1 className="text-2xl font-bold">
					<Trans>Create a QA template</Trans>
				</h1>
				<p className="mt-1 text-slate-700">
					<Trans>
						A timed multiple-choice test your students can take once you make it available.
					</Trans>
				</p>
			</div>
			<TemplateEditor
				initialDraft={answer?.draft ?? draft}
				errors={answer?.errors ?? NO_ERRORS}
				formErrors={answer?.formErrors ?? NO_FORM_ERRORS}
				busy={busy}
			/>
		</div>
	)
}
