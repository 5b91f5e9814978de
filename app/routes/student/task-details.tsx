import { t } from '@lingui/core/macro'
import type { Route } from './+types/task-details'
import { TaskDetailsPage } from '~/features/tasks/task-details-page'
import { loadTaskDetails, submitTaskWork } from '~/features/tasks/task-details.server'
import { areaUser } from '~/platform/area-guard.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadTaskDetails(context, request, user)
}

export async function action({ context, request }: Route.ActionArgs) {
	return submitTaskWork(context, request)
}

/** The product's name, the same in every language. */
const PRODUCT = 'TutorHub'

export function meta({ loaderData: data }: Route.MetaArgs) {
	const task = data?.task?.title
	return [{ title: task ? `${task} | ${PRODUCT}` : t`Task details | TutorHub` }]
}

export default function TaskDetails({ loaderData, actionData }: Route.ComponentProps) {
	return <TaskDetailsPage loaderData={loaderData} actionData={actionData} />
}
