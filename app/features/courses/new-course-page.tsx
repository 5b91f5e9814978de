import { Trans, useLingui } from '@lingui/react/macro'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { CourseForm } from './course-form'
import type { newCourseAction } from './new-course.server'

export function NewCoursePage({
	actionData,
}: {
	actionData: RouteData<typeof newCourseAction> | undefined
}) {
	const { t } = useLingui()
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label={t`Breadcrumb`} className="text-sm">
				<TextLink to="/teachersdashboard/courses">
					<Trans>My courses</Trans>
				</TextLink>
			</nav>
			<h1 className="text-2xl font-bold">
				<Trans>Create a course</Trans>
			</h1>
			<CourseForm id="create-course" lastResult={actionData} submitLabel={t`Create course`} />
		</div>
	)
}
