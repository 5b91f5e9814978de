import { t } from '@lingui/core/macro'
import { AboutUsPage } from '~/features/site/about-us-page'

export function meta() {
	return [{ title: t`About us | TutorHub` }]
}

export default function AboutUs() {
	return <AboutUsPage />
}
