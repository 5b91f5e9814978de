import { Outlet, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/layout'
import { requireUser } from '~/platform/request.server'
import { dashboardPath, roleLabel } from '~/platform/roles'
import { DashboardShell } from '~/ui/dashboard-shell'
import { RouteError } from '~/ui/error-pages'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	return { userName: user.name, dashboard: dashboardPath[user.role], area: roleLabel[user.role] }
}

type LayoutData = Route.ComponentProps['loaderData']

function ConferenceShell({
	loaderData,
	children,
}: {
	loaderData: LayoutData
	children: React.ReactNode
}) {
	return (
		<DashboardShell
			areaLabel="Live room"
			userName={loaderData.userName}
			links={[
				{ to: loaderData.dashboard, label: `${loaderData.area} dashboard` },
				{ to: '/conference', label: 'Live rooms', end: true },
			]}
		>
			{children}
		</DashboardShell>
	)
}

export default function ConferenceLayout({ loaderData }: Route.ComponentProps) {
	return (
		<ConferenceShell loaderData={loaderData}>
			<Outlet />
		</ConferenceShell>
	)
}

/** A room that fails (403, 404, the upstream) shows so inside the area, with its navigation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const layout = useRouteLoaderData<typeof loader>('routes/conference/layout')
	if (!layout) return <RouteError error={error} />
	return (
		<ConferenceShell loaderData={layout}>
			<RouteError error={error} framed />
		</ConferenceShell>
	)
}
