import { t } from '@lingui/core/macro'
import type { Route } from './+types/report-card-student'
import { loadStudentReportCardList } from '~/features/report-cards/student-report-card-list.server'
import { StudentReportCardListPage } from '~/features/report-cards/student-report-card-list-page'
import { areaUser } from '~/platform/area-guard.server'

export function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadStudentReportCardList(context, request, params, user)
}

export function meta() {
	return [{ title: t`Report cards | TutorHub` }]
}

export default function TeacherStudentReportCards({ loaderData }: Route.ComponentProps) {
	return <StudentReportCardListPage loaderData={loaderData} />
}
