import type { Route } from './+types/course-details'
import { loadStudentCourseDetails } from '~/features/courses/student-course-details.server'
import { StudentCourseDetailsPage } from '~/features/courses/student-course-details-page'
import { courseLanguage } from '~/features/courses/course-locale.server'

/** The course's own language, when its teacher chose one (decision 063). */
export const middleware: Route.MiddlewareFunction[] = [courseLanguage]

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadStudentCourseDetails(context, request, params)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [{ title: data ? `${data.course.title} | TutorHub` : 'Course | TutorHub' }]
}

export default function StudentCourseDetails({ loaderData }: Route.ComponentProps) {
	return <StudentCourseDetailsPage loaderData={loaderData} />
}
