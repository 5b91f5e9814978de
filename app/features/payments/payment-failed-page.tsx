import { Link } from 'react-router'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import type { loadPaymentFailed } from './payment-failed.server'

export function PaymentFailedPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadPaymentFailed>
}) {
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
