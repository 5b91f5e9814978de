import type { Route } from './+types/task-submissions-export'
import { openSubmissionsCsv } from '~/features/tasks/task-file.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/** A task's submissions and grades as CSV (?taskId=); another tutor's task is the area's 403 page. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		return openSubmissionsCsv(context, request)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function TaskSubmissionsExport() {
	return null
}
