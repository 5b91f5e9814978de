import { t } from '@lingui/core/macro'
import type { Route } from './+types/file'
import { download } from '~/platform/file-response.server'
import { requireUser, upstream } from '~/platform/request.server'

/**
 * Resource route: a stored file of the API's public `/files/{key}` (profile pictures), served at
 * the same path so the `profilePicture` paths of the contract work as they are. Keys are random
 * and never reused, so the browser may keep the file.
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
	requireUser(context, request)
	return download(
		() =>
			upstream(context, request).stream(`/files/${encodeURIComponent(params.key)}`, {
				fallback: t`Failed to fetch profile`,
			}),
		// eslint-disable-next-line lingui/no-unlocalized-strings -- a Cache-Control value
		{ cache: 'private, max-age=31536000, immutable' },
	)
}
