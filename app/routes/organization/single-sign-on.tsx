import { t } from '@lingui/core/macro'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/single-sign-on'
import { SsoSettingsPage } from '~/features/sso/settings-page'
import { loadSsoSettings, ssoSettingsAction } from '~/features/sso/settings.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadSsoSettings(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return ssoSettingsAction(context, request)
}

// A Verify that found no record answers 400, yet the page's "last checked" changed.
export function shouldRevalidate({
	formData,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return formData?.get('intent') === 'verify' || defaultShouldRevalidate
}

export function meta() {
	return [{ title: t`Single sign-on | TutorHub` }]
}

export default function SingleSignOn({ loaderData, actionData }: Route.ComponentProps) {
	return <SsoSettingsPage loaderData={loaderData} actionData={actionData} />
}
