import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { CourseOverview } from './course-overview'
import type { loadTeacherCourseDetails } from './teacher-course-details.server'

export function TeacherCourseDetailsPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadTeacherCourseDetails>
}) {
	const { course, sample, own } = loaderData
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-6">
			<nav aria-label={t`Breadcrumb`} className="text-sm">
				<TextLink to="/teachersdashboard/courses">
					<Trans>My courses</Trans>
				</TextLink>
			</nav>
			{sample ? (
				<p
					role="note"
					className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900"
				>
					<Trans>
						This is a sample course that shows how a complete course page looks.{' '}
						<Link to="/teachersdashboard/courses/form" className="font-semibold underline">
							Create your own course
						</Link>
						.
					</Trans>
				</p>
			) : null}
			{own ? (
				<div className="flex flex-wrap gap-3">
					<Link to={`/teachersdashboard/courses/edit/${course.id}`} className={buttonClass()}>
						<Trans>Edit course</Trans>
					</Link>
					<p className="self-center text-sm text-slate-700">
						{course.isPublished ? (
							<Trans>Published in the catalogue</Trans>
						) : (
							<Trans>Draft: not in the catalogue</Trans>
						)}
					</p>
				</div>
			) : null}
			<CourseOverview course={course} />
		</div>
	)
}
