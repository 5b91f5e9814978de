import { Link, redirect } from 'react-router'
import type { Route } from './+types/payment-success'
import { getCourse } from '~/features/courses/api.server'
import { ownSettledPayment } from '~/features/payments/api.server'
import { requireRole, upstream } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	const api = upstream(context, request)
	// Only the visitor's own payment (the processing page's id) for this course, once it succeeded.
	const paymentId = new URL(request.url).searchParams.get('payment')
	const [payment, { course, enrolled }] = await Promise.all([
		ownSettledPayment(api, { paymentId, courseId: params.courseId, outcome: 'succeeded' }),
		getCourse(api, params.courseId),
	])
	if (!payment) throw redirect(`/course/${encodeURIComponent(params.courseId)}/checkout`)
	return { course: { id: course.id, title: course.title }, enrolled }
}

export function meta() {
	return [{ title: 'Payment successful | TutorHub' }]
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
	const { course, enrolled } = loaderData
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<h1 className="text-3xl font-bold">{enrolled ? 'Payment successful' : 'Payment received'}</h1>
			<p className="text-slate-700">
				{enrolled
					? `You are now enrolled in ${course.title}.`
					: `Your enrolment in ${course.title} is being confirmed. It appears under your courses within a minute.`}
			</p>
			<div className="flex flex-wrap justify-center gap-3">
				<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
					Start learning
				</Link>
				<Link to="/studentdashboard/courses" className={buttonClass('secondary')}>
					My courses
				</Link>
			</div>
		</div>
	)
}
