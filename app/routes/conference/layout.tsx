import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireUser } from '~/platform/request.server'
import { dashboardPath, roleLabel } from '~/platform/roles'
import { DashboardShell } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	return { userName: user.name, dashboard: dashboardPath[user.role], area: roleLabel[user.role] }
}

export default function ConferenceLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell
			areaLabel="Live room"
			userName={loaderData.userName}
			links={[
				{ to: loaderData.dashboard, label: `${loaderData.area} dashboard` },
				{ to: '/conference', label: 'Live rooms', end: true },
			]}
		>
			<Outlet />
		</DashboardShell>
	)
}
