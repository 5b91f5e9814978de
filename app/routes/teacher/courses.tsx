import { t } from '@lingui/core/macro'
import type { Route } from './+types/courses'
import { TeacherCoursesPage } from '~/features/courses/teacher-courses-page'
import { loadTeacherCourses, teacherCourseAction } from '~/features/courses/teacher-courses.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTeacherCourses(context, request, user.id)
}

/** Publish toggle and delete, one small form each (intent), with or without JavaScript. */
export async function action({ context, request }: Route.ActionArgs) {
	return teacherCourseAction(context, request)
}

export function meta() {
	return [{ title: t`My courses | TutorHub` }]
}

export default function TeacherCourses({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherCoursesPage loaderData={loaderData} actionData={actionData} />
}
