import type { Route } from './+types/course-form'
import { requireRole } from '~/platform/request.server'
import { newCourseAction } from '~/features/courses/new-course.server'
import { NewCoursePage } from '~/features/courses/new-course-page'

export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	return null
}

export function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	return newCourseAction(context, request)
}

export function meta() {
	return [{ title: 'Create a course | TutorHub' }]
}

export default function CreateCourse({ actionData }: Route.ComponentProps) {
	return <NewCoursePage actionData={actionData} />
}
