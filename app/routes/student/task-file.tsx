import { data } from 'react-router'
import type { Route } from './+types/task-file'
import { downloadTaskFile } from '~/features/tasks/api.server'
import { download } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/** Resource route: a task's attachment (?taskId=) or a submitted file (?submissionId=), with the student's token. */
export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	const params = new URL(request.url).searchParams
	const taskId = params.get('taskId')
	const submissionId = params.get('submissionId')
	const file = submissionId ? { submissionId } : taskId ? { taskId } : null
	if (!file) throw data('Choose a file to download', { status: 404 })
	return download(() => downloadTaskFile(upstream(context, request), file))
}
