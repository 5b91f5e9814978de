import type { Route } from './+types/report-card-student'
import { getStudentReportCards } from '~/features/report-cards/api.server'
import { PrintButton } from '~/features/report-cards/report-card-view'
import { StudentReportsView } from '~/features/report-cards/student-reports'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = areaUser(context)
	// Not a student of this teacher, or no such student: the page does not exist for them.
	const reports = await needed(
		getStudentReportCards(upstream(context, request), params.studentId),
		{
			refusedAsMissing: true,
		},
	)
	return { reports, tutorId: user.id }
}

export function meta() {
	return [{ title: 'Report cards | TutorHub' }]
}

export default function TeacherStudentReportCards({ loaderData }: Route.ComponentProps) {
	const { reports, tutorId } = loaderData
	const { student } = reports
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Report cards: {student.name}</h1>
				<PrintButton />
			</div>
			<p className="text-slate-700">{student.email}</p>
			<StudentReportsView
				reports={reports}
				courseLinks={(courseId) => [
					{
						label: 'Write or edit the report card',
						to: `/teachersdashboard/report-card/${student.id}/${courseId}`,
					},
					{
						label: 'Certificate',
						to: `/teachersdashboard/certificate/${student.id}/${courseId}/${tutorId}/${encodeURIComponent(student.email)}`,
					},
				]}
			/>
		</div>
	)
}
