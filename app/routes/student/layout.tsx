import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
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

const links = [
	{ to: '/studentdashboard', label: msg`Dashboard`, end: true },
	{ to: '/studentdashboard/courses', label: msg`My courses` },
	{ to: '/studentdashboard/sessions', label: msg`Sessions` },
	{ to: '/conference', label: msg`Live rooms` },
	{ to: '/studentdashboard/tasks', label: msg`Tasks` },
	{ to: '/studentdashboard/qa', label: msg`Tests`, end: true },
	{ to: '/studentdashboard/qa/templates', label: msg`Available tests` },
	{ to: '/studentdashboard/test-results', label: msg`Test results` },
	{ to: '/studentdashboard/library', label: msg`Library` },
	{ to: '/studentdashboard/announcements', label: msg`Announcements` },
	{ to: '/studentdashboard/certificates', label: msg`Certificates` },
	{ to: '/studentdashboard/report-cards', label: msg`Report cards` },
	{ to: '/studentdashboard/profile', label: msg`Profile` },
]

/** The area's menu in the page's language. */
function useLinks(): AreaLink[] {
	const { t } = useLingui()
	return links.map((link) => ({ ...link, label: t(link.label) }))
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useLingui()
	return (
		<AreaError
			error={error}
			role="student"
			label={t`Student`}
			links={useLinks()}
			layoutId="routes/student/layout"
		/>
	)
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useLingui()
	return <AreaLayout label={t`Student`} links={useLinks()} data={loaderData} />
}
