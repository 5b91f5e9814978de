import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { CourseGrid } from './course-card'
import type { loadStudentCourses } from './student-courses.server'

export function StudentCoursesPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentCourses>
}) {
	const { page, courses } = loaderData
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>My courses</Trans>
				</h1>
				<Link to="/courses" className={buttonClass('secondary')}>
					<Trans>Find more courses</Trans>
				</Link>
			</div>
			{courses.ok ? (
				courses.value.courses.length ? (
					<>
						<CourseGrid
							courses={courses.value.courses}
							actions={(course) => (
								<Link
									to={`/studentdashboard/${course.id}/course-details`}
									className={buttonClass()}
								>
									<OpenCourseLabel title={course.title} />
								</Link>
							)}
						/>
						<Pagination
							page={page}
							totalPages={courses.value.pagination.totalPages ?? 1}
							label={t`My course pages`}
						/>
					</>
				) : (
					<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
						<Trans>
							You are not enrolled in any course yet.{' '}
							<TextLink to="/courses">Browse the catalogue</TextLink>.
						</Trans>
					</p>
				)
			) : (
				<LoadError error={courses.error} />
			)}
		</div>
	)
}

function OpenCourseLabel({ title }: { title: string }) {
	return (
		<Trans>
			Open<span className="sr-only"> {title}</span>
		</Trans>
	)
}
