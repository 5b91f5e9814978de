import { Link } from '~/ui/link'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import type { loadPaymentFailed } from './payment-failed.server'
import { ErrorAlert } from '~/ui/error-alert'

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
			<ErrorAlert text={reason} />
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
