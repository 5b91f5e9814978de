import type { Route } from './+types/scores-export'
import { openScoresCsv } from '~/features/scores/scores-export.server'
import { areaUser } from '~/platform/area-guard.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'

/** The score grid (score-input/export) or the result cards (result-cards/export) of ?term= as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = areaUser(context)
		return openScoresCsv(context, request, user.id)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function ScoresExport() {
	return null
}
