import type { Route } from './+types/scores-export'
import { downloadScoresCsv } from '~/features/scores/api.server'
import { areaUser } from '~/platform/area-guard.server'
import { failedFileLoader, fileMiddleware } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'

/** The score grid (score-input/export) or the result cards (result-cards/export) of ?term= as CSV. */
export const middleware: Route.MiddlewareFunction[] = [
	fileMiddleware<Route.LoaderArgs>(({ context, request }) => {
		const user = areaUser(context)
		const url = new URL(request.url)
		const list = url.pathname.includes('/result-cards/') ? 'result-cards' : 'scores'
		const term = url.searchParams.get('term')?.trim() || null
		return downloadScoresCsv(upstream(context, request), user.id, list, term)
	}),
]

export function loader(args: Route.LoaderArgs) {
	return failedFileLoader(args)
}

export default function ScoresExport() {
	return null
}
