import { t } from '@lingui/core/macro'
import type { Route } from './+types/dashboard'
import { loadTeacherDashboard } from '~/features/teacher-dashboard/teacher-dashboard.server'
import { TeacherDashboardPage } from '~/features/teacher-dashboard/teacher-dashboard-page'
import { areaUser } from '~/platform/area-guard.server'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTeacherDashboard(context, request, user)
}

export function meta() {
	return [{ title: t`Teacher dashboard | TutorHub` }]
}

export default function TeacherDashboard({ loaderData }: Route.ComponentProps) {
	return <TeacherDashboardPage loaderData={loaderData} />
}
