import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
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

const links = [
	{ to: '/teachersdashboard', label: msg`Dashboard`, end: true },
	{ to: '/teachersdashboard/courses', label: msg`Courses` },
	{ to: '/teachersdashboard/tasks', label: msg`Tasks` },
	{ to: '/teachersdashboard/payment-setup', label: msg`Payment setup` },
	{ to: '/teachersdashboard/schedule', label: msg`Schedule` },
	{ to: '/conference', label: msg`Live rooms` },
	{ to: '/teachersdashboard/qa/templates', label: msg`QA templates` },
	{ to: '/teachersdashboard/qa/create', label: msg`Create template` },
	{ to: '/teachersdashboard/library', label: msg`Library` },
	{ to: '/teachersdashboard/announcement/list', label: msg`Announcements` },
	{ to: '/teachersdashboard/profile', label: msg`Profile` },
]

/** The area's menu in the page's language. */
function useAreaLinks(): AreaLink[] {
	const { i18n } = useLingui()
	return links.map((link) => ({ ...link, label: i18n._(link.label) }))
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useLingui()
	return (
		<AreaError
			error={error}
			role="tutor"
			label={t`Teacher`}
			links={useAreaLinks()}
			layoutId="routes/teacher/layout"
		/>
	)
}

export default function TeacherLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useLingui()
	return <AreaLayout label={t`Teacher`} links={useAreaLinks()} data={loaderData} />
}
