import type { Route } from './+types/library-file'
import { openResourceFile } from '~/features/resources/api.server'
import { download } from '~/platform/file-response.server'
import { requireRole, upstream } from '~/platform/request.server'

/** Resource route: a library file, fetched with the teacher's own token. */
export function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	return download(() => openResourceFile(upstream(context, request), params.resourceId))
}
