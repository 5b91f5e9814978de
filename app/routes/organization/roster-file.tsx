import type { Route } from './+types/roster-file'
import { downloadRosterFile } from '~/features/roster/api.server'
import { areaUser } from '~/platform/area-guard.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/** The roster's template (roster/template) or its members in the template's columns (roster/export) as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = areaUser(context)
		const file = new URL(request.url).pathname.endsWith('/template') ? 'template' : 'export'
		return downloadRosterFile(upstream(context, request), user.id, file)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function RosterFile() {
	return null
}
