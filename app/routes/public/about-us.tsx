import { AboutUsPage } from '~/features/site/about-us-page'

export function meta() {
	return [{ title: 'About us | TutorHub' }]
}

export default function AboutUs() {
	return <AboutUsPage />
}
