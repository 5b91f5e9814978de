import { t } from '@lingui/core/macro'
import type { Route } from './+types/qa-create'
import { CreateTemplatePage } from '~/features/qa/create-template-page'
import { createTemplateAction } from '~/features/qa/create-template.server'
import { emptyDraft } from '~/features/qa/editor'

export function loader() {
	return { draft: emptyDraft() }
}

export async function action({ context, request }: Route.ActionArgs) {
	return createTemplateAction(context, request)
}

export function meta() {
	return [{ title: t`Create a QA template | TutorHub` }]
}

export default function CreateTemplate({ loaderData, actionData }: Route.ComponentProps) {
	return <CreateTemplatePage draft={loaderData.draft} actionData={actionData} />
}
