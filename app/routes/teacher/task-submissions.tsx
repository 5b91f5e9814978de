import { t } from '@lingui/core/macro'
import type { Route } from './+types/task-submissions'
import { TaskSubmissionsPage } from '~/features/tasks/teacher-submissions-page'
import { loadTaskSubmissions } from '~/features/tasks/teacher-submissions.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	return loadTaskSubmissions(context, request)
}

export function meta({ loaderData: data }: Route.MetaArgs) {
	const title = data?.list?.taskInfo.title
	return [{ title: title ? t`${title}: submissions | TutorHub` : t`Submissions | TutorHub` }]
}

export default function TaskSubmissions({ loaderData }: Route.ComponentProps) {
	return <TaskSubmissionsPage loaderData={loaderData} />
}
