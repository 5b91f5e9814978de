import { Link, redirect } from 'react-router'
import type { Route } from './+types/payment-failed'
import { getCourse } from '~/features/courses/api.server'
import { ownSettledPayment } from '~/features/payments/api.server'
import { requireRole, upstream } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	const api = upstream(context, request)
	// Only the visitor's own payment (the processing page's id) for this course, once it failed:
	// "you have not been charged" is never said about anyone else's payment, or none at all.
	const paymentId = new URL(request.url).searchParams.get('payment')
	const [settled, course] = await Promise.all([
		ownSettledPayment(api, { paymentId, courseId: params.courseId, outcome: 'failed' }),
		getCourse(api, params.courseId),
	])
	if (!settled) throw redirect(`/course/${encodeURIComponent(params.courseId)}/checkout`)
	// A Stripe charge that went through after the last seat was taken (or for a student enrolled
	// meanwhile) is refunded: the page must not say it never happened (api/README.md, Payments).
	const refunded =
		settled.provider === 'stripe' &&
		(settled.failureCode === 'course_full' || settled.failureCode === 'already_enrolled')
	return {
		course: { id: course.course.id, title: course.course.title },
		reason: settled.failureMessage ?? null,
		refunded,
	}
}

export function meta() {
	return [{ title: 'Payment failed | TutorHub' }]
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
	const { course, reason, refunded } = loaderData
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<h1 className="text-3xl font-bold">Payment failed</h1>
			<p className="text-slate-700">
				{refunded
					? `We could not enrol you in ${course.title}, so your payment has been refunded.`
					: `Your payment for ${course.title} did not go through, and you have not been charged.`}
			</p>
			{reason ? (
				<p
					role="alert"
					className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
				>
					{reason}
				</p>
			) : null}
			<div className="flex flex-wrap justify-center gap-3">
				<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
					Try again
				</Link>
				<Link to="/courses" className={buttonClass('secondary')}>
					Browse courses
				</Link>
			</div>
		</div>
	)
}
