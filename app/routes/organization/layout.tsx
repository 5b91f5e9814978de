import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireRole } from '~/platform/request.server'
import { DashboardShell } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
	return { userName: user.name }
}

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell
			areaLabel="Organization"
			userName={loaderData.userName}
			links={[{ to: '/organization/dashboard', label: 'Dashboard' }]}
		>
			<Outlet />
		</DashboardShell>
	)
}
