import { t } from '@lingui/core/macro'
import { ContactUsPage } from '~/features/site/contact-us-page'

export function meta() {
	return [{ title: t`Contact us | TutorHub` }]
}

export default function ContactUs() {
	return <ContactUsPage />
}
