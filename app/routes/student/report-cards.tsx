import type { Route } from './+types/report-cards'
import { getStudentReportCards } from '~/features/report-cards/api.server'
import { PrintButton } from '~/features/report-cards/report-card-view'
import { StudentReportsView } from '~/features/report-cards/student-reports'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	const reports = await settle(getStudentReportCards(upstream(context, request), user.id))
	return { reports }
}

export function meta() {
	return [{ title: 'Report cards | TutorHub' }]
}

export default function StudentReportCards({ loaderData }: Route.ComponentProps) {
	const { reports } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Report cards</h1>
				<PrintButton />
			</div>
			{reports.ok ? (
				<StudentReportsView reports={reports.value} />
			) : (
				<LoadError error={reports.error} />
			)}
		</div>
	)
}
