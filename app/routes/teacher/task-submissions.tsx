import type { Route } from './+types/task-submissions'
import { TaskSubmissionsPage } from '~/features/tasks/teacher-submissions-page'
import { loadTaskSubmissions } from '~/features/tasks/teacher-submissions.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadTaskSubmissions(context, request)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	return [
		{
			title: `${data?.list ? `${data.list.taskInfo.title}: submissions` : 'Submissions'} | TutorHub`,
		},
	]
}

export default function TaskSubmissions({ loaderData }: Route.ComponentProps) {
	return <TaskSubmissionsPage loaderData={loaderData} />
}
