import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/layout'
import { VerifyEmailBanner } from '~/features/account/verify-banner'
import { TimeZoneSync } from '~/features/schedules/time-zone'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { isOffline } from '~/platform/offline-snapshot'
import { requireRole } from '~/platform/request.server'
import { AreaErrorBoundary, DashboardShell, type AreaLink } from '~/ui/dashboard-shell'

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

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
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

/** A page of the area that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaErrorBoundary
			error={error}
			layoutId="routes/teacher/layout"
			areaLabel="Teacher"
			links={links}
			fromUser={(user) => (user.role === 'tutor' ? { userName: user.name } : undefined)}
		/>
	)
}

export default function TeacherLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Teacher" userName={loaderData.userName} links={links}>
			<TimeZoneSync zone={loaderData.timeZone.zone} known={loaderData.timeZone.known} />
			<VerifyEmailBanner email={loaderData.unverifiedEmail} />
			<Outlet />
		</DashboardShell>
	)
}
