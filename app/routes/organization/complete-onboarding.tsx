import { t } from '@lingui/core/macro'
import type { Route } from './+types/complete-onboarding'
import { CompleteOnboardingPage } from '~/features/payments/payment-setup'
import { finishPaymentSetup } from '~/features/payments/setup.server'

// Where the card payment provider sends the browser back after onboarding (spec section 2).
export async function loader({ context, request }: Route.LoaderArgs) {
	return finishPaymentSetup(context, request)
}

export function meta() {
	return [{ title: t`Payment setup complete | TutorHub` }]
}

export default function CompleteOnboarding({ loaderData }: Route.ComponentProps) {
	return <CompleteOnboardingPage account={loaderData.account} area="/organization" />
}
