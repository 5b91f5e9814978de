import { t } from '@lingui/core/macro'
import type { Route } from './+types/payment-success'
import { requireRole } from '~/platform/request.server'
import { loadPaymentSuccess } from '~/features/payments/payment-success.server'
import { PaymentSuccessPage } from '~/features/payments/payment-success-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	return loadPaymentSuccess(context, request, params)
}

export function meta() {
	return [{ title: t`Payment successful | TutorHub` }]
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
	return <PaymentSuccessPage loaderData={loaderData} />
}
