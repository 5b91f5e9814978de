import type { Route } from './+types/qa-create'
import { CreateTemplatePage } from '~/features/qa/create-template-page'
import { createTemplateAction } from '~/features/qa/create-template.server'
import { emptyDraft } from '~/features/qa/editor'
import { requireRole } from '~/platform/request.server'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	return { draft: emptyDraft() }
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	return createTemplateAction(context, request)
}

export function meta() {
	return [{ title: 'Create a QA template | TutorHub' }]
}

export default function CreateTemplate({ loaderData, actionData }: Route.ComponentProps) {
	return <CreateTemplatePage draft={loaderData.draft} actionData={actionData} />
}
