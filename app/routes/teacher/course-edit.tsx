import { t } from '@lingui/core/macro'
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
	const title = loaderData?.course.title
	return [{ title: title ? t`Edit ${title} | TutorHub` : t`Edit course | TutorHub` }]
}

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
	return <CourseEditPage loaderData={loaderData} actionData={actionData} />
}
