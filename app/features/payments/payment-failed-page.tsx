import { Trans } from '@lingui/react/macro'
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
	const title = course.title
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<h1 className="text-3xl font-bold">
				<Trans>Payment failed</Trans>
			</h1>
			<p className="text-slate-700">
				{refunded ? (
					<Trans>We could not enrol you in {title}, so your payment has been refunded.</Trans>
				) : (
					<Trans>Your payment for {title} did not go through, and you have not been charged.</Trans>
				)}
			</p>
			<ErrorAlert text={reason} />
			<div className="flex flex-wrap justify-center gap-3">
				<Link to={`/course/${course.id}/checkout`} reloadDocument className={buttonClass()}>
					<Trans>Try again</Trans>
				</Link>
				<Link to="/courses" className={buttonClass('secondary')}>
					<Trans>Browse courses</Trans>
				</Link>
			</div>
		</div>
	)
}
