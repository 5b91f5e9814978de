import type { Route } from './+types/layout'
import { AreaError, AreaLayout, keepAreaOffline } from '~/features/account/area-layout'
import { loadArea } from '~/features/account/area.server'
import { areaGuard } from '~/platform/area-guard.server'
import type { AreaLink } from '~/ui/dashboard-shell'

/** Every page, file and island under /teachersdashboard is for a signed-in teacher (decision 045). */
export const middleware: Route.MiddlewareFunction[] = [areaGuard('tutor')]

export function loader({ context, request }: Route.LoaderArgs) {
	return loadArea(context, request)
}

export const shouldRevalidate = keepAreaOffline

const links: AreaLink[] = [
	{ to: '/teachersdashboard', label: 'Dashboard', end: true },
	{ to: '/teachersdashboard/courses', label: 'Courses' },
	{ to: '/teachersdashboard/tasks', label: 'Tasks' },
	{ to: '/teachersdashboard/payment-setup', label: 'Payment setup' },
	{ to: '/teachersdashboard/schedule', label: 'Schedule' },
	{ to: '/conference', label: 'Live rooms' },
	{ to: '/teachersdashboard/qa/templates', label: 'QA templates' },
	{ to: '/teachersdashboard/qa/create', label: 'Create template' },
	{ to: '/teachersdashboard/library', label: 'Library' },
	{ to: '/teachersdashboard/announcement/list', label: 'Announcements' },
	{ to: '/teachersdashboard/profile', label: 'Profile' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaError
			error={error}
			role="tutor"
			label="Teacher"
			links={links}
			layoutId="routes/teacher/layout"
		/>
	)
}

export default function TeacherLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout label="Teacher" links={links} data={loaderData} />
}
