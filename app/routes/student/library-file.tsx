import type { Route } from './+types/library-file'
import { openResourceFile } from '~/features/resources/api.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/**
 * A library file, fetched with the student's own token. The middleware answers the file; a refused
 * or missing one is the area's 403 or 404 page.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		return openResourceFile(upstream(context, request), params.resourceId)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function LibraryFile() {
	return null
}
