import { t } from '@lingui/core/macro'
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
	const title = data?.course.title
	// eslint-disable-next-line lingui/no-unlocalized-strings -- the course's name and the product's: nothing to translate
	return [{ title: title ? `${title} | TutorHub` : t`Course details | TutorHub` }]
}

export default function TeacherCourseDetails({ loaderData }: Route.ComponentProps) {
	return <TeacherCourseDetailsPage loaderData={loaderData} />
}
