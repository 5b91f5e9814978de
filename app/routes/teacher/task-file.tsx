import type { Route } from './+types/task-file'
import { downloadTaskFile } from '~/features/tasks/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/**
 * A task's attachment (?taskId=) or a submitted file (?submissionId=), with the teacher's token.
 * The middleware answers the file; a refused or missing one is the area's 403 or 404 page.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		requireRole(context, request, 'tutor')
		const params = new URL(request.url).searchParams
		const taskId = params.get('taskId')
		const submissionId = params.get('submissionId')
		const file = submissionId ? { submissionId } : taskId ? { taskId } : null
		return file ? downloadTaskFile(upstream(context, request), file) : null
	}),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'tutor')
	return failedFileLoader(args)
}

export default function TaskFile() {
	return null
}
