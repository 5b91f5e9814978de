import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireRole } from '~/platform/request.server'
import { DashboardShell } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	return { userName: user.name }
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Student" userName={loaderData.userName} links={[{ to: '/studentdashboard', label: 'Dashboard', end: true }]}>
			<Outlet />
		</DashboardShell>
	)
}
