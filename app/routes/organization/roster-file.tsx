import type { Route } from './+types/roster-file'
import { openRosterFile } from '~/features/roster/roster-file.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { requireRole } from '~/platform/request.server'

/** The roster's template (roster/template) or its members in the template's columns (roster/export) as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = requireRole(context, request, 'organization')
		return openRosterFile(context, request, user.id)
	}),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'organization')
	return failedFileLoader(args)
}

export default function RosterFile() {
	return null
}
