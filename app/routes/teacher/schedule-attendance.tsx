import { t } from '@lingui/core/macro'
import type { Route } from './+types/schedule-attendance'
import { AttendancePage } from '~/features/schedules/attendance-page'
import { attendanceAction, loadAttendance } from '~/features/schedules/attendance.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	return loadAttendance(context, request, params.scheduleId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	return attendanceAction(context, request, params.scheduleId)
}

export function meta() {
	return [{ title: t`Attendance | TutorHub` }]
}

export default function Attendance({ loaderData, actionData }: Route.ComponentProps) {
	return <AttendancePage loaderData={loaderData} actionData={actionData} />
}
