import { t } from '@lingui/core/macro'
import type { Route } from './+types/payment-setup'
import { PaymentSetupPage } from '~/features/payments/payment-setup'
import { loadPaymentSetup, startPaymentSetup } from '~/features/payments/setup.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadPaymentSetup(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return startPaymentSetup(context, request, '/organization')
}

export function meta() {
	return [{ title: t`Payment setup | TutorHub` }]
}

export default function PaymentSetup({ loaderData, actionData }: Route.ComponentProps) {
	return <PaymentSetupPage account={loaderData.account} actionData={actionData} />
}
