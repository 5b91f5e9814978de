import { Trans } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import type { RouteData } from '~/platform/route-data'
import { PrintButton } from './report-card-view'
import { StudentReportsView } from './student-reports'
import type { loadStudentReportCards } from './student-report-cards.server'

export function StudentReportCardsPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentReportCards>
}) {
	const { reports } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					<Trans>Report cards</Trans>
				</h1>
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
