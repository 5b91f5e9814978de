import type { Route } from './+types/layout'
import { AreaError, AreaLayout, keepAreaOffline } from '~/features/account/area-layout'
import { loadArea } from '~/features/account/area.server'
import { areaGuard } from '~/platform/area-guard.server'
import type { AreaLink } from '~/ui/dashboard-shell'

/** Every page, file and island under /organization is for a signed-in organization (decision 045). */
export const middleware: Route.MiddlewareFunction[] = [areaGuard('organization')]

export function loader({ context, request }: Route.LoaderArgs) {
	return loadArea(context, request)
}

export const shouldRevalidate = keepAreaOffline

const links: AreaLink[] = [
	{ to: '/organization/dashboard', label: 'Dashboard' },
	{ to: '/organization/courses', label: 'Courses' },
	{ to: '/organization/payment-setup', label: 'Payment setup' },
	{ to: '/organization/students', label: 'Students' },
	{ to: '/organization/teachers', label: 'Teachers' },
	{ to: '/organization/departments', label: 'Departments' },
	{ to: '/organization/roster', label: 'Roster' },
	{ to: '/organization/score-input', label: 'Score input' },
	{ to: '/organization/result-cards', label: 'Result cards' },
	{ to: '/organization/analytics', label: 'Analytics' },
	{ to: '/organization/settings', label: 'Settings' },
	{ to: '/organization/single-sign-on', label: 'Single sign-on' },
	{ to: '/organization/org/announcement/list', label: 'Announcements' },
	{ to: '/conference', label: 'Live rooms' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaError
			error={error}
			role="organization"
			label="Organization"
			links={links}
			layoutId="routes/organization/layout"
		/>
	)
}

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout label="Organization" links={links} data={loaderData} />
}
