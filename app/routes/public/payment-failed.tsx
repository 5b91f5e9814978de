import { t } from '@lingui/core/macro'
import type { Route } from './+types/payment-failed'
import { requireRole } from '~/platform/request.server'
import { loadPaymentFailed } from '~/features/payments/payment-failed.server'
import { PaymentFailedPage } from '~/features/payments/payment-failed-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	return loadPaymentFailed(context, request, params)
}

export function meta() {
	return [{ title: t`Payment failed | TutorHub` }]
}

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
	return <PaymentFailedPage loaderData={loaderData} />
}
