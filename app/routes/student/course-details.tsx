import { t } from '@lingui/core/macro'
import type { Route } from './+types/course-details'
import { loadStudentCourseDetails } from '~/features/courses/student-course-details.server'
import { StudentCourseDetailsPage } from '~/features/courses/student-course-details-page'
import { courseLanguage } from '~/features/courses/course-locale.server'

/** The course's own language, when its teacher chose one (decision 063). */
export const middleware: Route.MiddlewareFunction[] = [courseLanguage]

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadStudentCourseDetails(context, request, params)
}

/** The product's name, the same in every language. */
const PRODUCT = 'TutorHub'

export function meta({ loaderData: data }: Route.MetaArgs) {
	const course = data?.course.title
	return [{ title: course ? `${course} | ${PRODUCT}` : t`Course | TutorHub` }]
}

export default function StudentCourseDetails({ loaderData }: Route.ComponentProps) {
	return <StudentCourseDetailsPage loaderData={loaderData} />
}
