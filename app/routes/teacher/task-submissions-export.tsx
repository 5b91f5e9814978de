import type { Route } from './+types/task-submissions-export'
import { downloadSubmissionsCsv } from '~/features/tasks/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/** A task's submissions and grades as CSV (?taskId=); another tutor's task is the area's 403 page. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const taskId = new URL(request.url).searchParams.get('taskId')
		return taskId ? downloadSubmissionsCsv(upstream(context, request), taskId) : null
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function TaskSubmissionsExport() {
	return null
}
