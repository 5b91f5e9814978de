import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { BuyCourseLink } from './course-card'
import { CourseOverview } from './course-overview'
import type { loadPublicCourse } from './public-course.server'

// A course's public page: everything about it (description, outcomes, modules, schedule,
// teacher), readable before paying, with Buy leading to the checkout.

export function PublicCoursePage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadPublicCourse>
}) {
	const { course, enrolled, role } = loaderData
	const { t } = useLingui()
	return (
		<div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
			<TextLink to="/courses" className="text-sm">
				<Trans>Back to courses</Trans>
			</TextLink>
			<CourseOverview course={course} />
			<div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5">
				{enrolled ? (
					<>
						<p>
							<Trans>You are enrolled in this course.</Trans>
						</p>
						<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
							<Trans>Go to the course</Trans>
						</Link>
					</>
				) : role === null || role === 'student' ? (
					<BuyCourseLink course={course} label={t`Buy course`} />
				) : (
					<p className="text-slate-700">
						<Trans>Students buy courses from their own account.</Trans>
					</p>
				)}
			</div>
		</div>
	)
}
