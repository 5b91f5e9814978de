import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
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

const links: { to: string; label: MessageDescriptor }[] = [
	{ to: '/organization/dashboard', label: msg`Dashboard` },
	{ to: '/organization/courses', label: msg`Courses` },
	{ to: '/organization/payment-setup', label: msg`Payment setup` },
	{ to: '/organization/students', label: msg`Students` },
	{ to: '/organization/teachers', label: msg`Teachers` },
	{ to: '/organization/departments', label: msg`Departments` },
	{ to: '/organization/roster', label: msg`Roster` },
	{ to: '/organization/score-input', label: msg`Score input` },
	{ to: '/organization/result-cards', label: msg`Result cards` },
	{ to: '/organization/analytics', label: msg`Analytics` },
	{ to: '/organization/settings', label: msg`Settings` },
	{ to: '/organization/single-sign-on', label: msg`Single sign-on` },
	{ to: '/organization/org/announcement/list', label: msg`Announcements` },
	{ to: '/conference', label: msg`Live rooms` },
]

/** The area's navigation in the page's language. */
function useLinks(): AreaLink[] {
	const { i18n } = useLingui()
	return links.map(({ to, label }) => ({ to, label: i18n._(label) }))
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useLingui()
	return (
		<AreaError
			error={error}
			role="organization"
			label={t`Organization`}
			links={useLinks()}
			layoutId="routes/organization/layout"
		/>
	)
}

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useLingui()
	return <AreaLayout label={t`Organization`} links={useLinks()} data={loaderData} />
}
