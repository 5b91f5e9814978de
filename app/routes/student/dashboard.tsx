import { t } from '@lingui/core/macro'
import type { Route } from './+types/dashboard'
import { StudentDashboardPage } from '~/features/student-dashboard/student-dashboard-page'
import {
	answerInvitationAction,
	loadStudentDashboard,
} from '~/features/student-dashboard/student-dashboard.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadStudentDashboard(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	return answerInvitationAction(context, request)
}

export function meta() {
	return [{ title: t`Student dashboard | TutorHub` }]
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
	return <StudentDashboardPage {...loaderData} />
}
