import type { Route } from './+types/layout'
import { AreaError, AreaLayout, keepAreaOffline } from '~/features/account/area-layout'
import { loadArea } from '~/features/account/area.server'
import { areaGuard } from '~/platform/area-guard.server'
import type { AreaLink } from '~/ui/dashboard-shell'

/** Every page, file and island under /studentdashboard is for a signed-in student (decision 045). */
export const middleware: Route.MiddlewareFunction[] = [areaGuard('student')]

export function loader({ context, request }: Route.LoaderArgs) {
	return loadArea(context, request)
}

export const shouldRevalidate = keepAreaOffline

const links: AreaLink[] = [
	{ to: '/studentdashboard', label: 'Dashboard', end: true },
	{ to: '/studentdashboard/courses', label: 'My courses' },
	{ to: '/studentdashboard/sessions', label: 'Sessions' },
	{ to: '/conference', label: 'Live rooms' },
	{ to: '/studentdashboard/tasks', label: 'Tasks' },
	{ to: '/studentdashboard/qa', label: 'Tests', end: true },
	{ to: '/studentdashboard/qa/templates', label: 'Available tests' },
	{ to: '/studentdashboard/test-results', label: 'Test results' },
	{ to: '/studentdashboard/library', label: 'Library' },
	{ to: '/studentdashboard/announcements', label: 'Announcements' },
	{ to: '/studentdashboard/certificates', label: 'Certificates' },
	{ to: '/studentdashboard/report-cards', label: 'Report cards' },
	{ to: '/studentdashboard/profile', label: 'Profile' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaError
			error={error}
			role="student"
			label="Student"
			links={links}
			layoutId="routes/student/layout"
		/>
	)
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout label="Student" links={links} data={loaderData} />
}
