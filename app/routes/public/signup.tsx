import { i18n } from '~/platform/i18n'
import type { Route } from './+types/signup'
import { signupHeadings, signupRole } from '~/features/signup/signup'
import { SignupPage } from '~/features/signup/signup-page'
import { signUp } from '~/features/signup/signup.server'
import { redirectSignedIn } from '~/platform/request.server'

export function loader({ context }: Route.LoaderArgs) {
	redirectSignedIn(context)
	return null
}

export async function action({ context, request, params }: Route.ActionArgs) {
	redirectSignedIn(context)
	return signUp(context, request, signupRole(params.role))
}

export function meta({ params }: Route.MetaArgs) {
	const heading = i18n._(signupHeadings[signupRole(params.role)].title)
	// eslint-disable-next-line lingui/no-unlocalized-strings -- a translated heading and the product's name
	return [{ title: `${heading} | TutorHub` }]
}

export default function Signup({ params, actionData }: Route.ComponentProps) {
	return <SignupPage roleParam={params.role} actionData={actionData} />
}
