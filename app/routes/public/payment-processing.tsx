import { t } from '@lingui/core/macro'
import type { Route } from './+types/payment-processing'
import { requireRole } from '~/platform/request.server'
import { loadPaymentProcessing } from '~/features/payments/payment-processing.server'
import { PaymentProcessingPage } from '~/features/payments/payment-processing-page'

/** Follows the payment until the provider settles it, then moves on to success or failed. */
export function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	return loadPaymentProcessing(context, request, params)
}

export function meta() {
	return [{ title: t`Processing your payment | TutorHub` }]
}

export default function PaymentProcessing({ loaderData, params }: Route.ComponentProps) {
	return <PaymentProcessingPage loaderData={loaderData} courseId={params.courseId} />
}
