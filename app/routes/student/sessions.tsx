import { t } from '@lingui/core/macro'
import type { Route } from './+types/sessions'
import { StudentSessionsPage } from '~/features/schedules/student-sessions-page'
import {
	loadStudentSessionsPage,
	studentSessionsAction,
} from '~/features/schedules/student-sessions.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentSessionsPage(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return studentSessionsAction(context, request)
}

export function meta() {
	return [{ title: t`My sessions | TutorHub` }]
}

export default function StudentSessions({ loaderData, actionData }: Route.ComponentProps) {
	return <StudentSessionsPage loaderData={loaderData} actionData={actionData} />
}
