import type { Route } from './+types/dashboard'
import { OrganizationDashboardPage } from '~/features/organizations/dashboard-page'
import {
	loadOrganizationDashboard,
	quickDepartmentAction,
} from '~/features/organizations/dashboard.server'
import { requireRole } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	return loadOrganizationDashboard(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'organization')
	return quickDepartmentAction(context, request)
}

export function meta() {
	return [{ title: 'Organization dashboard | TutorHub' }]
}

export default function OrganizationDashboard({ loaderData, actionData }: Route.ComponentProps) {
	return <OrganizationDashboardPage loaderData={loaderData} actionData={actionData} />
}
