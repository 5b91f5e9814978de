import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import type { loadPaymentSuccess } from './payment-success.server'

export function PaymentSuccessPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadPaymentSuccess>
}) {
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
