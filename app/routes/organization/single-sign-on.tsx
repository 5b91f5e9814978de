import type { Route } from './+types/single-sign-on'
import { SsoSettingsPage } from '~/features/sso/settings-page'
import { loadSsoSettings, ssoSettingsAction } from '~/features/sso/settings.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSsoSettings(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return ssoSettingsAction(context, request)
}

export function meta() {
	return [{ title: 'Single sign-on | TutorHub' }]
}

export default function SingleSignOn({ loaderData, actionData }: Route.ComponentProps) {
	return <SsoSettingsPage loaderData={loaderData} actionData={actionData} />
}
