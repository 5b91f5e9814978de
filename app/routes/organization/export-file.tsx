import type { Route } from './+types/export-file'
import { downloadExport } from '~/features/exports/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/** A finished background export's CSV file (docs/decisions/046). */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		const user = requireRole(context, request, 'organization')
		return downloadExport(upstream(context, request), user.id, params.exportId)
	}),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'organization')
	return failedFileLoader(args)
}

export default function ExportFile() {
	return null
}
