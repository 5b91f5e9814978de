import type { Route } from './+types/export-file'
import { downloadExport } from '~/features/scores/api.server'
import { areaUser } from '~/platform/area-guard.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/** A finished background export's CSV file (docs/decisions/046). */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		const user = areaUser(context)
		return downloadExport(upstream(context, request), user.id, params.exportId)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function ExportFile() {
	return null
}
