import { ContactUsPage } from '~/features/site/contact-us-page'

export function meta() {
	return [{ title: 'Contact us | TutorHub' }]
}

export default function ContactUs() {
	return <ContactUsPage />
}
