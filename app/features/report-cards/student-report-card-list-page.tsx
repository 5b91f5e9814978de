import { Trans, useLingui } from '@lingui/react/macro'
import type { RouteData } from '~/platform/route-data'
import { PrintButton } from './report-card-view'
import { StudentReportsView } from './student-reports'
import type { loadStudentReportCardList } from './student-report-card-list.server'

export function StudentReportCardListPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentReportCardList>
}) {
	const { reports, tutorId } = loaderData
	const { student } = reports
	const { t } = useLingui()
	const name = student.name
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">
					<Trans>Report cards: {name}</Trans>
				</h1>
				<PrintButton />
			</div>
			<p className="text-slate-700">{student.email}</p>
			<StudentReportsView
				reports={reports}
				courseLinks={(courseId) => [
					{
						label: t`Write or edit the report card`,
						to: `/teachersdashboard/report-card/${student.id}/${courseId}`,
					},
					{
						label: t`Certificate`,
						to: `/teachersdashboard/certificate/${student.id}/${courseId}/${tutorId}/${encodeURIComponent(student.email)}`,
					},
				]}
			/>
		</div>
	)
}
