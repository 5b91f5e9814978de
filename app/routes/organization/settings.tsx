import { t } from '@lingui/core/macro'
import type { Route } from './+types/settings'
import { OrganizationSettingsPage } from '~/features/organizations/settings-page'
import {
	loadOrganizationSettings,
	organizationSettingsAction,
} from '~/features/organizations/settings.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadOrganizationSettings(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = areaUser(context)
	return organizationSettingsAction(context, request, user)
}

export function meta() {
	return [{ title: t`Settings | TutorHub` }]
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	return <OrganizationSettingsPage loaderData={loaderData} actionData={actionData} />
}
