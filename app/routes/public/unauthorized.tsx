import { UnauthorizedPage } from '~/features/users/unauthorized-page'

export function meta() {
	return [{ title: 'Not allowed | TutorHub' }]
}

export default function Unauthorized() {
	return <UnauthorizedPage />
}
