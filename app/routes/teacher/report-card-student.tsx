import type { Route } from './+types/report-card-student'
import { requireRole } from '~/platform/request.server'
import { loadStudentReportCardList } from '~/features/report-cards/student-report-card-list.server'
import { StudentReportCardListPage } from '~/features/report-cards/student-report-card-list-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	return loadStudentReportCardList(context, request, params, user)
}

export function meta() {
	return [{ title: 'Report cards | TutorHub' }]
}

export default function TeacherStudentReportCards({ loaderData }: Route.ComponentProps) {
	return <StudentReportCardListPage loaderData={loaderData} />
}
