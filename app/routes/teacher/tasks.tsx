import type { Route } from './+types/tasks'
import { browserTimeZone } from '~/features/schedules/time-zone'
import { TeacherTasksPage } from '~/features/tasks/teacher-tasks-page'
import { loadTeacherTasks, teacherTaskAction } from '~/features/tasks/teacher-tasks.server'
import { teacherTasksTitle } from '~/features/tasks/titles'
import { offlineFailure, rememberedOffline } from '~/platform/offline-snapshot'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadTeacherTasks(context, request)
}

/** Offline, the list last shown comes back from local storage; with nothing stored, 'You are offline'. */
export const clientLoader = async ({ serverLoader }: Route.ClientLoaderArgs) => {
	const data = await rememberedOffline('tasks_offline_list_teacher', serverLoader, () => ({
		tasks: offlineFailure,
		courses: offlineFailure,
		focus: null,
		timeZone: browserTimeZone(),
	}))
	// A remembered edit or delete form would need the server to submit; offline they open in place.
	return data.savedAt === null ? data : { ...data, focus: null }
}
clientLoader.hydrate = true as const

export async function action({ context, request }: Route.ActionArgs) {
	return teacherTaskAction(context, request)
}

export function meta() {
	return [{ title: teacherTasksTitle() }]
}

export default function TeacherTasks({ loaderData, actionData }: Route.ComponentProps) {
	return <TeacherTasksPage loaderData={loaderData} actionData={actionData} />
}
