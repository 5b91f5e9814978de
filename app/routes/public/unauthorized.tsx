import { UnauthorizedPage } from '~/features/auth/unauthorized-page'

export function meta() {
	return [{ title: 'Not allowed | TutorHub' }]
}

export default function Unauthorized() {
	return <UnauthorizedPage />
}
