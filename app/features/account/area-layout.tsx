import { Outlet, type ShouldRevalidateFunction } from 'react-router'
import { TimeZoneSync } from '~/features/schedules/time-zone'
import { isOffline } from '~/platform/offline-snapshot'
import type { Role } from '~/platform/roles'
import { AreaErrorBoundary, DashboardShell, type AreaLink } from '~/ui/dashboard-shell'
import type { AreaData } from './area.server'
import { VerifyEmailBanner } from './verify-banner'

/** Offline, the area frame stays as it is, so pages with a local fallback still open. */
export const keepAreaOffline: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
	defaultShouldRevalidate && !isOffline()

/** A signed-in area's frame: its navigation, the time zone sync, the verify-email banner, the page. */
export function AreaLayout({
	label,
	links,
	data,
}: {
	label: string
	links: AreaLink[]
	data: AreaData
}) {
	return (
		<DashboardShell areaLabel={label} userName={data.userName} links={links}>
			<TimeZoneSync zone={data.timeZone.zone} known={data.timeZone.known} />
			<VerifyEmailBanner email={data.unverifiedEmail} />
			<Outlet />
		</DashboardShell>
	)
}

/** A page of the area that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function AreaError({
	error,
	role,
	label,
	links,
	layoutId,
}: {
	error: unknown
	role: Role
	label: string
	links: AreaLink[]
	layoutId: string
}) {
	return (
		<AreaErrorBoundary
			error={error}
			layoutId={layoutId}
			areaLabel={label}
			links={links}
			fromUser={(user) => (user.role === role ? { userName: user.name } : undefined)}
		/>
	)
}
