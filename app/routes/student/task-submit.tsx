import { data } from 'react-router'
import type { Route } from './+types/task-submit'
import { submitWorkReply } from '~/features/tasks/submit-work.server'

function readTaskId(request: Request) {
	const taskId = new URL(request.url).searchParams.get('taskId')
	if (!taskId)
		throw data(
			{ result: { status: 'error', error: { '': ['Choose a task to submit to'] } } },
			{ status: 404 },
		)
	return taskId
}

/** Only the upload island's POSTs come here; a visit by address gets a plain 405, not a page. */
export function loader() {
	throw data('Send work with POST', { status: 405, headers: { Allow: 'POST' } })
}

/**
 * The submit form's upload island posts here (XMLHttpRequest, to show progress) and gets JSON:
 * where to go once the work is saved, or the form's errors. The page's own action answers posts
 * without JavaScript from the same code.
 */
export async function action({ context, request }: Route.ActionArgs) {
	return submitWorkReply(context, request, readTaskId(request))
}
