import { PricingPage } from '~/features/site/pricing-page'

export function meta() {
	return [{ title: 'Pricing | TutorHub' }]
}

export default function Pricing() {
	return <PricingPage />
}
