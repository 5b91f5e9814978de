import type { Route } from './+types/report-cards'
import { requireRole } from '~/platform/request.server'
import { loadStudentReportCards } from '~/features/report-cards/student-report-cards.server'
import { StudentReportCardsPage } from '~/features/report-cards/student-report-cards-page'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	return loadStudentReportCards(context, request, user)
}

export function meta() {
	return [{ title: 'Report cards | TutorHub' }]
}

export default function StudentReportCards({ loaderData }: Route.ComponentProps) {
	return <StudentReportCardsPage loaderData={loaderData} />
}
