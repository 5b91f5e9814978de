import { t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { areaGuard, areaUser } from '~/platform/area-guard.server'
import { dashboardPath, roleLabel, type Role } from '~/platform/roles'
import { AreaErrorBoundary, DashboardShell } from '~/ui/dashboard-shell'

/** The live rooms are for every signed-in account; a room's own rules say who takes part (decision 045). */
export const middleware: Route.MiddlewareFunction[] = [areaGuard()]

export function loader({ context }: Route.LoaderArgs) {
	return layoutOf(areaUser(context))
}

const layoutOf = (user: { name: string; role: Role }) => ({
	userName: user.name,
	dashboard: dashboardPath[user.role],
	area: roleLabel[user.role],
})

type LayoutData = Route.ComponentProps['loaderData']

// Called while rendering: `t` reads the page's language then.
const links = (layout: LayoutData) => {
	const area = layout.area
	return [
		{ to: layout.dashboard, label: t`${area} dashboard` },
		{ to: '/conference', label: t`Live rooms`, end: true },
	]
}

/** A room that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useLingui()
	return (
		<AreaErrorBoundary<LayoutData>
			error={error}
			layoutId="routes/conference/layout"
			areaLabel={t`Live room`}
			links={links}
			fromUser={layoutOf}
		/>
	)
}

export default function ConferenceLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useLingui()
	return (
		<DashboardShell
			areaLabel={t`Live room`}
			userName={loaderData.userName}
			links={links(loaderData)}
		>
			<Outlet />
		</DashboardShell>
	)
}
