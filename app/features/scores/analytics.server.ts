import type { RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getAnalytics } from './api.server'

type Context = Readonly<RouterContextProvider>

/** The organization's analytics for ?term= (all terms without one). */
export async function loadAnalytics(context: Context, request: Request, organizationId: string) {
	const term = new URL(request.url).searchParams.get('term')?.trim().slice(0, 50) || undefined
	const analytics = await settle(getAnalytics(upstream(context, request), organizationId, term))
	// The months are counted on the server, so the page reads the same with or without JavaScript.
	return { analytics, now: new Date().toISOString() }
}
