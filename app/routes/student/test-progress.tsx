import { data } from 'react-router'
import type { Route } from './+types/test-progress'
import { quizProgressAction } from '~/features/quizzes/test-progress.server'

/** Only the island's POSTs come here; a visit by address gets a plain 405, not an error page. */
export function loader() {
	throw data(
		{ ok: false, message: 'Send answers with POST', closed: false },
		{ status: 405, headers: { Allow: 'POST' } },
	)
}

/**
 * The test island's autosave and submit, answered in JSON (no page): a resource route, so the
 * island can tell a dropped connection from a refusal and queue the submit itself.
 */
export function action({ context, request }: Route.ActionArgs) {
	return quizProgressAction(context, request)
}
