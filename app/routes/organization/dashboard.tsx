import { t } from '@lingui/core/macro'
import type { Route } from './+types/dashboard'
import { OrganizationDashboardPage } from '~/features/organizations/dashboard-page'
import {
	loadOrganizationDashboard,
	quickDepartmentAction,
} from '~/features/organizations/dashboard.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadOrganizationDashboard(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	return quickDepartmentAction(context, request)
}

export function meta() {
	return [{ title: t`Organization dashboard | TutorHub` }]
}

export default function OrganizationDashboard({ loaderData, actionData }: Route.ComponentProps) {
	return <OrganizationDashboardPage loaderData={loaderData} actionData={actionData} />
}
