import type { Route } from './+types/dashboard'
import { StudentDashboardPage } from '~/features/users/student-dashboard-page'
import {
	answerInvitationAction,
	loadStudentDashboard,
} from '~/features/users/student-dashboard.server'
import { requireRole } from '~/platform/request.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	return loadStudentDashboard(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	return answerInvitationAction(context, request)
}

export function meta() {
	return [{ title: 'Student dashboard | TutorHub' }]
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
	return <StudentDashboardPage {...loaderData} />
}
