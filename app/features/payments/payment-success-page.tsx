import { Trans } from '@lingui/react/macro'
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
	const title = course.title
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<h1 className="text-3xl font-bold">
				{enrolled ? <Trans>Payment successful</Trans> : <Trans>Payment received</Trans>}
			</h1>
			<p className="text-slate-700">
				{enrolled ? (
					<Trans>You are now enrolled in {title}.</Trans>
				) : (
					<Trans>
						Your enrolment in {title} is being confirmed. It appears under your courses within a
						minute.
					</Trans>
				)}
			</p>
			<div className="flex flex-wrap justify-center gap-3">
				<Link to={`/studentdashboard/${course.id}/course-details`} className={buttonClass()}>
					<Trans>Start learning</Trans>
				</Link>
				<Link to="/studentdashboard/courses" className={buttonClass('secondary')}>
					<Trans>My courses</Trans>
				</Link>
			</div>
		</div>
	)
}
