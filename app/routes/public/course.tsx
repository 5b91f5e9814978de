import { data, Link } from 'react-router'
import type { Route } from './+types/course'
import { getCourse } from '~/features/courses/api.server'
import { CourseOverview } from '~/features/courses/course-overview'
import { currentUser, upstream } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'

// A course's public page: everything about it (description, outcomes, modules, schedule,
// teacher), readable before paying, with Buy leading to the checkout.

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const { course, enrolled } = await getCourse(upstream(context, request), params.courseId)
	// The API shows an unpublished course to its owner and its students only; this page is for buyers.
	if (!course.isPublished && !enrolled) throw data(null, { status: 404 })
	return { course, enrolled, role: currentUser(context)?.role ?? null }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [
		{ title: loaderData ? `${loaderData.course.title} | TutorHub` : 'Course | TutorHub' },
		...(loaderData?.course.description
			? [{ name: 'description', content: loaderData.course.description.slice(0, 160) }]
			: []),
	]
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
	const { course, enrolled, role } = loaderData
	return (
		<div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
			<Link to="/courses" className="text-sm font-semibold text-indigo-800 underline">
				Back to courses
			</Link>
			<CourseOverview course={course} />
			<div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5">
				{enrolled ? (
					<>
						<p>You are enrolled in this course.</p>
						<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
							Go to the course
						</Link>
					</>
				) : role === null || role === 'student' ? (
					// A full page load: checkout's page allows Stripe.js, other pages do not.
					<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
						Buy course<span className="sr-only"> {course.title}</span>
					</Link>
				) : (
					<p className="text-slate-700">Students buy courses from their own account.</p>
				)}
			</div>
		</div>
	)
}
