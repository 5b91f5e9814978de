import { t } from '@lingui/core/macro'
import type { Route } from './+types/login-sso-link'
import { LinkConsentPage } from '~/features/sso/sign-in-pages'
import { answerLinkConsent, loadLinkConsent } from '~/features/sso/sign-in.server'

// After a school sign-in that found the person's own account: they choose whether to link it.
export function loader({ context }: Route.LoaderArgs) {
	return loadLinkConsent(context)
}

export async function action({ context, request }: Route.ActionArgs) {
	return answerLinkConsent(context, request)
}

export function meta() {
	return [{ title: t`Link your school sign-in? | TutorHub` }]
}

export default function LoginSsoLink({ loaderData, actionData }: Route.ComponentProps) {
	return <LinkConsentPage link={loaderData.link} actionData={actionData} />
}
