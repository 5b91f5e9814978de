import type { Route } from './+types/library-file'
import { openLibraryFile } from '~/features/resources/library-file.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/**
 * A library file, fetched with the signed-in user's own token (the student's and the teacher's
 * area route here). The middleware answers the file; a refused or missing one is the area's 403 or
 * 404 page.
 */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request, params }) => {
		return openLibraryFile(context, request, params.resourceId)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function LibraryFile() {
	return null
}
