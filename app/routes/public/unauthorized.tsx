import { t } from '@lingui/core/macro'
import { UnauthorizedPage } from '~/features/auth/unauthorized-page'

export function meta() {
	return [{ title: t`Not allowed | TutorHub` }]
}

export default function Unauthorized() {
	return <UnauthorizedPage />
}
