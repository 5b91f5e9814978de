import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { downloadResultCardsCsv, downloadScoresCsv } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The score grid (score-input/export) or the result cards (result-cards/export) of ?term=. */
export function openScoresCsv(context: Context, request: Request, organizationId: string) {
	const url = new URL(request.url)
	const download = url.pathname.includes('/result-cards/')
		? downloadResultCardsCsv
		: downloadScoresCsv
	const term = url.searchParams.get('term')?.trim() || null
	return download(upstream(context, request), organizationId, term)
}
