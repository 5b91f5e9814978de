import { t } from '@lingui/core/macro'
import type { Route } from './+types/qa-templates'
import { TeacherTemplatesPage } from '~/features/qa/teacher-templates-page'
import { loadTeacherTemplates, teacherTemplateAction } from '~/features/qa/teacher-templates.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTeacherTemplates(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	return teacherTemplateAction(context, request)
}

export function meta() {
	return [{ title: t`QA templates | TutorHub` }]
}

export default function TeacherTemplates({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherTemplatesPage loaderData={loaderData} actionData={actionData} />
}
