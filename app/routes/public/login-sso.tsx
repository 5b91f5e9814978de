import { t } from '@lingui/core/macro'
import type { Route } from './+types/login-sso'
import { FindSchoolPage } from '~/features/sso/sign-in-pages'
import { findSchool } from '~/features/sso/sign-in.server'
import { redirectSignedIn } from '~/platform/request.server'

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return null
}

export async function action({ context, request }: Route.ActionArgs) {
	return findSchool(context, request)
}

export function meta() {
	return [{ title: t`Sign in with your school | TutorHub` }]
}

export default function LoginSso({ actionData }: Route.ComponentProps) {
	return <FindSchoolPage actionData={actionData} />
}
