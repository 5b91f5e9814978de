import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/layout'
import { isOffline } from '~/platform/offline-snapshot'
import { requireRole } from '~/platform/request.server'
import { DashboardShell } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	return { userName: user.name }
}

// Offline, the area frame stays as it is, so pages with a local fallback still open.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
	defaultShouldRevalidate && !isOffline()

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Student" userName={loaderData.userName} links={[{ to: '/studentdashboard', label: 'Dashboard', end: true }, { to: '/studentdashboard/courses', label: 'My courses' }, { to: '/studentdashboard/sessions', label: 'Sessions' }, { to: '/conference', label: 'Live rooms' }, { to: '/studentdashboard/tasks', label: 'Tasks' }, { to: '/studentdashboard/qa', label: 'Tests', end: true }, { to: '/studentdashboard/qa/templates', label: 'Available tests' }, { to: '/studentdashboard/test-results', label: 'Test results' }, { to: '/studentdashboard/library', label: 'Library' }, { to: '/studentdashboard/announcements', label: 'Announcements' }, { to: '/studentdashboard/certificates', label: 'Certificates' }, { to: '/studentdashboard/report-cards', label: 'Report cards' }, { to: '/studentdashboard/profile', label: 'Profile' }]}>
			<Outlet />
		</DashboardShell>
	)
}
