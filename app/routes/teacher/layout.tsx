import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { requireRole } from '~/platform/request.server'
import { DashboardShell } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	return { userName: user.name }
}

export default function TeacherLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Teacher" userName={loaderData.userName} links={[{ to: '/teachersdashboard', label: 'Dashboard', end: true }]}>
			<Outlet />
		</DashboardShell>
	)
}
