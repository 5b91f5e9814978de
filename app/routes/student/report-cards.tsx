import { t } from '@lingui/core/macro'
import type { Route } from './+types/report-cards'
import { loadStudentReportCards } from '~/features/report-cards/student-report-cards.server'
import { StudentReportCardsPage } from '~/features/report-cards/student-report-cards-page'
import { areaUser } from '~/platform/area-guard.server'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadStudentReportCards(context, request, user)
}

export function meta() {
	return [{ title: t`Report cards | TutorHub` }]
}

export default function StudentReportCards({ loaderData }: Route.ComponentProps) {
	return <StudentReportCardsPage loaderData={loaderData} />
}
