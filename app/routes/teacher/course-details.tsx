import { Link } from 'react-router'
import type { Route } from './+types/course-details'
import { getCourse } from '~/features/courses/api.server'
import { CourseOverview } from '~/features/courses/course-overview'
import { sampleCourse } from '~/features/courses/sample-course'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'

/** `?courseId=` shows that course; without it, the built-in sample course (spec section 2). */
export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	const courseId = new URL(request.url).searchParams.get('courseId')
	if (!courseId) return { course: sampleCourse, sample: true, own: false }
	const { course } = await getCourse(upstream(context, request), courseId)
	return { course, sample: false, own: course.teacherId === user.id }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [{ title: data ? `${data.course.title} | TutorHub` : 'Course details | TutorHub' }]
}

export default function TeacherCourseDetails({ loaderData }: Route.ComponentProps) {
	const { course, sample, own } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/teachersdashboard/courses" className="font-semibold text-indigo-800 underline">
					My courses
				</Link>
			</nav>
			{sample ? (
				<p
					role="note"
					className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900"
				>
					This is a sample course that shows how a complete course page looks.{' '}
					<Link to="/teachersdashboard/courses/form" className="font-semibold underline">
						Create your own course
					</Link>
					.
				</p>
			) : null}
			{own ? (
				<div className="flex flex-wrap gap-3">
					<Link to={`/teachersdashboard/courses/edit/${course.id}`} className={buttonClass()}>
						Edit course
					</Link>
					<p className="self-center text-sm text-slate-700">
						{course.isPublished ? 'Published in the catalogue' : 'Draft: not in the catalogue'}
					</p>
				</div>
			) : null}
			<CourseOverview course={course} />
		</div>
	)
}
