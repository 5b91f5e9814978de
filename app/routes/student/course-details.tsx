import { Link } from 'react-router'
import type { Route } from './+types/course-details'
import { getCourse } from '~/features/courses/api.server'
import { CourseOverview } from '~/features/courses/course-overview'
import { upstream } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return getCourse(upstream(context, request), params.courseId)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [{ title: data ? `${data.course.title} | TutorHub` : 'Course | TutorHub' }]
}

export default function StudentCourseDetails({ loaderData }: Route.ComponentProps) {
	const { course, enrolled } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/studentdashboard/courses" className="font-semibold text-indigo-800 underline">
					My courses
				</Link>
			</nav>
			{enrolled ? (
				<p
					role="status"
					className="self-start rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900"
				>
					You are enrolled
				</p>
			) : (
				<div className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
					<p>You are not enrolled in this course yet.</p>
					<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
						Buy course
					</Link>
				</div>
			)}
			<CourseOverview course={course} />
		</div>
	)
}
