import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { CourseOverview } from './course-overview'
import type { loadStudentCourseDetails } from './student-course-details.server'

export function StudentCourseDetailsPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentCourseDetails>
}) {
	const { course, enrolled } = loaderData
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-6">
			<nav aria-label={t`Breadcrumb`} className="text-sm">
				<TextLink to="/studentdashboard/courses">
					<Trans>My courses</Trans>
				</TextLink>
			</nav>
			{enrolled ? (
				<p
					role="status"
					className="self-start rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900"
				>
					<Trans>You are enrolled</Trans>
				</p>
			) : (
				<div className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
					<p>
						<Trans>You are not enrolled in this course yet.</Trans>
					</p>
					<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
						<Trans>Buy course</Trans>
					</Link>
				</div>
			)}
			<CourseOverview course={course} />
		</div>
	)
}
