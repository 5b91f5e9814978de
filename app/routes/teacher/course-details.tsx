import type { Route } from './+types/course-details'
import { loadTeacherCourseDetails } from '~/features/courses/teacher-course-details.server'
import { TeacherCourseDetailsPage } from '~/features/courses/teacher-course-details-page'
import { areaUser } from '~/platform/area-guard.server'

/** `?courseId=` shows that course; without it, the built-in sample course (spec section 2). */
export function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTeacherCourseDetails(context, request, user)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [{ title: data ? `${data.course.title} | TutorHub` : 'Course details | TutorHub' }]
}

export default function TeacherCourseDetails({ loaderData }: Route.ComponentProps) {
	return <TeacherCourseDetailsPage loaderData={loaderData} />
}
