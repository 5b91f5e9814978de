import { t } from '@lingui/core/macro'
import type { Route } from './+types/course'
import { loadPublicCourse } from '~/features/courses/public-course.server'
import { PublicCoursePage } from '~/features/courses/public-course-page'
import { courseLanguage } from '~/features/courses/course-locale.server'

/** The course's own language, when its teacher chose one (decision 063). */
export const middleware: Route.MiddlewareFunction[] = [courseLanguage]

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadPublicCourse(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const course = loaderData?.course.title
	return [
		// eslint-disable-next-line lingui/no-unlocalized-strings -- the course's own title and the product's name
		{ title: course ? `${course} | TutorHub` : t`Course | TutorHub` },
		...(loaderData?.course.description
			? [{ name: 'description', content: loaderData.course.description.slice(0, 160) }]
			: []),
	]
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
	return <PublicCoursePage loaderData={loaderData} />
}
