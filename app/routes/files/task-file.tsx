import type { Route } from './+types/task-file'
import { openTaskFile } from '~/features/tasks/task-file.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/**
 * A task's attachment (?taskId=) or a submitted file (?submissionId=), with the signed-in user's
 * token (the student's and the teacher's area route here). The middleware answers the file; a
 * refused or missing one is the area's 403 or 404 page.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		return openTaskFile(context, request)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function TaskFile() {
	return null
}
