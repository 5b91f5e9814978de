import { t } from '@lingui/core/macro'
import type { Route } from './+types/courses'
import { loadStudentCourses } from '~/features/courses/student-courses.server'
import { StudentCoursesPage } from '~/features/courses/student-courses-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentCourses(context, request)
}

export function meta() {
	return [{ title: t`My courses | TutorHub` }]
}

export default function StudentCourses({ loaderData }: Route.ComponentProps) {
	return <StudentCoursesPage loaderData={loaderData} />
}
