import { t } from '@lingui/core/macro'
import type { Route } from './+types/tasks'
import { browserTimeZone } from '~/features/schedules/time-zone'
import { StudentTasksPage } from '~/features/tasks/student-tasks-page'
import { loadStudentTasks } from '~/features/tasks/student-tasks.server'
import { offlineFailure, rememberedOffline } from '~/platform/offline-snapshot'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadStudentTasks(context, request)
}

/** Offline, the list last shown comes back from local storage; with nothing stored, 'You are offline'. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
	rememberedOffline('tasks_offline_list', serverLoader, () => ({
		tasks: offlineFailure,
		timeZone: browserTimeZone(),
	}))
clientLoader.hydrate = true as const

export function meta() {
	return [{ title: t`Tasks | TutorHub` }]
}

export default function StudentTasks({ loaderData }: Route.ComponentProps) {
	return <StudentTasksPage loaderData={loaderData} />
}
