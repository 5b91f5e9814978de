import type { Route } from './+types/course-edit'
import { loadCourseEdit, courseEditAction } from '~/features/courses/course-edit.server'
import { CourseEditPage } from '~/features/courses/course-edit-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadCourseEdit(context, request, params)
}

export function action({ context, request, params }: Route.ActionArgs) {
	return courseEditAction(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData ? `Edit ${loaderData.course.title} | TutorHub` : 'Edit course | TutorHub' },
	]
}

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
	return <CourseEditPage loaderData={loaderData} actionData={actionData} />
}
