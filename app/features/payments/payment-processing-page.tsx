import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '~/ui/button'
import { useFollow } from '~/ui/job-status'
import { Spinner } from '~/ui/spinner'
import { useHydrated } from '~/ui/use-hydrated'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import type { loadPaymentProcessing } from './payment-processing.server'

const POLL_MS = 1500

export function PaymentProcessingPage({
	loaderData,
	courseId,
}: {
	loaderData: RouteData<typeof loadPaymentProcessing>
	courseId: string
}) {
	const { payment } = loaderData
	const hydrated = useHydrated()
	const { t } = useLingui()
	const title = payment.courseTitle
	// With JavaScript: ask again every 1.5 s; the loader redirects once the payment settles.
	useFollow(true, POLL_MS)
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<Spinner label={t`Waiting for payment confirmation`} />
			<h1 className="text-2xl font-bold">
				<Trans>Processing your payment…</Trans>
			</h1>
			<p className="text-slate-700" role="status">
				<Trans>We are waiting for the card provider to confirm your payment for {title}.</Trans>{' '}
				{hydrated ? (
					<Trans>This page moves on by itself.</Trans>
				) : (
					<Trans>Check again in a moment to see whether it is confirmed.</Trans>
				)}
			</p>
			{/* Without JavaScript the reader asks again: a page that reloads itself on a timer
			    takes control away from people using screen readers (WCAG 2.2.1). */}
			{hydrated ? null : (
				<a href={`/courses/${courseId}/processing/${payment.id}`} className={buttonClass()}>
					<Trans>Check again</Trans>
				</a>
			)}
			<TextLink to="/studentdashboard/courses" className="text-sm">
				<Trans>Go to my courses</Trans>
			</TextLink>
		</div>
	)
}
