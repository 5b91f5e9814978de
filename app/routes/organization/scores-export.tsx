import type { Route } from './+types/scores-export'
import { openScoresCsv } from '~/features/scores/scores-export.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { requireRole } from '~/platform/request.server'

/** The score grid (score-input/export) or the result cards (result-cards/export) of ?term= as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = requireRole(context, request, 'organization')
		return openScoresCsv(context, request, user.id)
	}),
]

export function loader(args: Route.LoaderArgs) {
	requireRole(args.context, args.request, 'organization')
	return failedFileLoader(args)
}

export default function ScoresExport() {
	return null
}
