import { t } from '@lingui/core/macro'
import { PricingPage } from '~/features/site/pricing-page'

export function meta() {
	return [{ title: t`Pricing | TutorHub` }]
}

export default function Pricing() {
	return <PricingPage />
}
