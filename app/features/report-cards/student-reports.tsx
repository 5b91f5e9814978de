import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumber } from '~/platform/numbers'
import { TextLink } from '~/ui/text-link'
import { ReportCardView } from './report-card-view'
import type { StudentReports } from './schema'

/** A student's report cards across courses, with the average; `courseHref` adds an edit link per course (teachers). */
export function StudentReportsView({
	reports,
	courseLinks,
}: {
	reports: StudentReports
	courseLinks?: (courseId: string) => { label: string; to: string }[]
}) {
	const { courses, averageScore, averageGrade } = reports
	const { t } = useLingui()
	const average = averageScore === null ? '' : formatNumber(averageScore)
	const grade = averageGrade
	return (
		<div className="flex flex-col gap-4">
			<p className="text-lg">
				{averageScore === null ? (
					<Trans>No report cards written yet.</Trans>
				) : (
					<Trans>
						Average across courses: <span className="font-bold">{average}</span>/100 · Grade{' '}
						<span className="font-bold">{grade}</span>
					</Trans>
				)}
			</p>
			{courses.length === 0 ? (
				<p className="text-slate-700">
					<Trans>No courses yet.</Trans>
				</p>
			) : null}
			<ul className="flex flex-col gap-4" aria-label={t`Courses`}>
				{courses.map(({ course, reportCard }) => (
					<li key={course.id} className="flex flex-col gap-2">
						{reportCard ? (
							<ReportCardView
								courseTitle={course.title}
								card={{ ...reportCard, authorName: reportCard.author.name }}
							/>
						) : (
							<div className="rounded-lg border border-dashed border-slate-300 bg-white p-6">
								<h2 className="text-lg font-semibold">{course.title}</h2>
								<p className="text-slate-700">
									<Trans>No report card yet.</Trans>
								</p>
							</div>
						)}
						{courseLinks ? (
							<p className="flex flex-wrap gap-4 text-sm print:hidden">
								{courseLinks(course.id).map((link) => (
									<TextLink
										key={link.to}
										to={link.to}
										aria-label={`${link.label}: ${course.title}`}
									>
										{link.label}
									</TextLink>
								))}
							</p>
						) : null}
					</li>
				))}
			</ul>
		</div>
	)
}
