import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/layout'
import { VerifyEmailBanner } from '~/features/account/verify-banner'
import { TimeZoneSync } from '~/features/schedules/time-zone'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { isOffline } from '~/platform/offline-snapshot'
import { requireRole } from '~/platform/request.server'
import { AreaErrorBoundary, DashboardShell, type AreaLink } from '~/ui/dashboard-shell'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'organization')
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
	{ to: '/organization/dashboard', label: 'Dashboard' },
	{ to: '/organization/courses', label: 'Courses' },
	{ to: '/organization/payment-setup', label: 'Payment setup' },
	{ to: '/organization/students', label: 'Students' },
	{ to: '/organization/teachers', label: 'Teachers' },
	{ to: '/organization/departments', label: 'Departments' },
	{ to: '/organization/score-input', label: 'Score input' },
	{ to: '/organization/result-cards', label: 'Result cards' },
	{ to: '/organization/analytics', label: 'Analytics' },
	{ to: '/organization/settings', label: 'Settings' },
	{ to: '/organization/org/announcement/list', label: 'Announcements' },
	{ to: '/conference', label: 'Live rooms' },
]

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell areaLabel="Organization" userName={loaderData.userName} links={links}>
			<TimeZoneSync zone={loaderData.timeZone.zone} known={loaderData.timeZone.known} />
			<VerifyEmailBanner email={loaderData.unverifiedEmail} />
			<Outlet />
		</DashboardShell>
	)
}

/** A page of the area that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<AreaErrorBoundary
			error={error}
			layoutId="routes/organization/layout"
			areaLabel="Organization"
			links={links}
			fromUser={(user) => (user.role === 'organization' ? { userName: user.name } : undefined)}
		/>
	)
}
