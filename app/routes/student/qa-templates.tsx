import { t } from '@lingui/core/macro'
import type { Route } from './+types/qa-templates'
import { loadStudentTemplates } from '~/features/qa/student-templates.server'
import { StudentTemplatesPage } from '~/features/qa/student-templates-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentTemplates(context, request)
}

export function meta() {
	return [{ title: t`Available tests | TutorHub` }]
}

export default function AvailableTests({ loaderData }: Route.ComponentProps) {
	return <StudentTemplatesPage loaderData={loaderData} />
}
