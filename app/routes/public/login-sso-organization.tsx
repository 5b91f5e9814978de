import { t } from '@lingui/core/macro'
import type { Route } from './+types/login-sso-organization'
import { SchoolSignInPage } from '~/features/sso/sign-in-pages'
import { loadSchool } from '~/features/sso/sign-in.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return loadSchool(context, request, params.organizationId)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const name = loaderData?.sso?.organizationName
	return [
		{ title: name ? t`Sign in to ${name} | TutorHub` : t`Sign in with your school | TutorHub` },
	]
}

export default function LoginSsoOrganization({ loaderData }: Route.ComponentProps) {
	return <SchoolSignInPage sso={loaderData.sso} failure={loaderData.failure} />
}
