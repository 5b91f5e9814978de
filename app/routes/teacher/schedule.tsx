import { t } from '@lingui/core/macro'
import type { Route } from './+types/schedule'
import { TeacherSchedulePage } from '~/features/schedules/teacher-schedule-page'
import {
	loadTeacherSchedulePage,
	teacherScheduleAction,
} from '~/features/schedules/teacher-schedule.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadTeacherSchedulePage(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
	return teacherScheduleAction(context, request)
}

export function meta() {
	return [{ title: t`Schedule | TutorHub` }]
}

export default function TeacherSchedule({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherSchedulePage loaderData={loaderData} actionData={actionData} />
}
