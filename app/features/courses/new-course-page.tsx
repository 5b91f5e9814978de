import { Link } from 'react-router'
import { CourseForm } from './course-form'

import type { RouteData } from '~/platform/route-data'
import type { newCourseAction } from './new-course.server'

export function NewCoursePage({
	actionData,
}: {
	actionData: RouteData<typeof newCourseAction> | undefined
}) {
	return (
		<div className="flex max-w-3xl flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/teachersdashboard/courses" className="font-semibold text-indigo-800 underline">
					My courses
				</Link>
			</nav>
			<h1 className="text-2xl font-bold">Create a course</h1>
			<CourseForm id="create-course" lastResult={actionData} submitLabel="Create course" />
		</div>
	)
}
