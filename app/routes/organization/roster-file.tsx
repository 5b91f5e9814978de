import type { Route } from './+types/roster-file'
import { openRosterFile } from '~/features/roster/roster-file.server'
import { areaUser } from '~/platform/area-guard.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/** The roster's template (roster/template) or its members in the template's columns (roster/export) as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = areaUser(context)
		return openRosterFile(context, request, user.id)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function RosterFile() {
	return null
}
