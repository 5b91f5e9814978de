import { t } from '@lingui/core/macro'
import type { Route } from './+types/course-form'
import { newCourseAction } from '~/features/courses/new-course.server'
import { NewCoursePage } from '~/features/courses/new-course-page'

export function loader() {
	return null
}

export function action({ context, request }: Route.ActionArgs) {
	return newCourseAction(context, request)
}

export function meta() {
	return [{ title: t`Create a course | TutorHub` }]
}

export default function CreateCourse({ actionData }: Route.ComponentProps) {
	return <NewCoursePage actionData={actionData} />
}
