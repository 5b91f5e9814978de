import type { Route } from './+types/dashboard'
import { requireRole } from '~/platform/request.server'
import { loadTeacherDashboard } from '~/features/users/teacher-dashboard.server'
import { TeacherDashboardPage } from '~/features/users/teacher-dashboard-page'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	return loadTeacherDashboard(context, request, user)
}

export function meta() {
	return [{ title: 'Teacher dashboard | TutorHub' }]
}

export default function TeacherDashboard({ loaderData }: Route.ComponentProps) {
	return <TeacherDashboardPage loaderData={loaderData} />
}
