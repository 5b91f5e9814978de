import { t } from '@lingui/core/macro'
import type { Route } from './+types/report-card'
import { TeacherReportCardPage } from '~/features/report-cards/teacher-report-card-page'
import {
	loadTeacherReportCard,
	saveReportCardAction,
} from '~/features/report-cards/teacher-report-card.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	return { report: await loadTeacherReportCard(context, request, params), tutorId: user.id }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	return saveReportCardAction(context, request, params)
}

export function meta() {
	return [{ title: t`Report card | TutorHub` }]
}

export default function TeacherReportCard({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<TeacherReportCardPage
			report={loaderData.report}
			tutorId={loaderData.tutorId}
			actionData={actionData}
		/>
	)
}
