import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/layout'
import { VerifyEmailBanner } from '~/features/account/verify-banner'
import { TimeZoneSync } from '~/features/schedules/time-zone'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { isOffline } from '~/platform/offline-snapshot'
import { requireRole } from '~/platform/request.server'
import { AreaErrorBoundary, DashboardShell, type AreaLink } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	// Every page of the area reads and shows times in the viewer's zone (the `tz` cookie).
	// Until the email is verified, every page of the area shows the banner (decision 023).
	return {
		userName: user.name,
		timeZone: viewerTimeZone(request),
		unverifiedEmail: user.emailVerified === false ? user.email : null,
	}
}

// Offline, the area frame stays as it is, so pages with a local fallback still open.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
	defaultShouldRevalidate && !isOffline()

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

/** A page of the area that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaErrorBoundary
			error={error}
			layoutId="routes/student/layout"
			areaLabel="Student"
			links={links}
			fromUser={(user) => (user.role === 'student' ? { userName: user.name } : undefined)}
		/>
	)
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Student" userName={loaderData.userName} links={links}>
			<TimeZoneSync zone={loaderData.timeZone.zone} known={loaderData.timeZone.known} />
			<VerifyEmailBanner email={loaderData.unverifiedEmail} />
			<Outlet />
		</DashboardShell>
	)
}
