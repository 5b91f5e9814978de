import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { CourseForm } from './course-form'
import type { newCourseAction } from './new-course.server'

export function NewCoursePage({
	actionData,
}: {
	actionData: RouteData<typeof newCourseAction> | undefined
}) {
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<TextLink to="/teachersdashboard/courses">My courses</TextLink>
			</nav>
			<h1 className="text-2xl font-bold">Create a course</h1>
			<CourseForm id="create-course" lastResult={actionData} submitLabel="Create course" />
		</div>
	)
}
