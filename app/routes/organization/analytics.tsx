import type { Route } from './+types/analytics'
import { AnalyticsPage } from '~/features/scores/analytics-page'
import { getAnalytics } from '~/features/scores/api.server'
import { areaUser } from '~/platform/area-guard.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	const term = new URL(request.url).searchParams.get('term')?.trim().slice(0, 50) || undefined
	const analytics = await settle(getAnalytics(upstream(context, request), user.id, term))
	// The months are counted on the server, so the page reads the same with or without JavaScript.
	return { analytics, now: new Date().toISOString() }
}

export function meta() {
	return [{ title: 'Analytics | TutorHub' }]
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
	return <AnalyticsPage analytics={loaderData.analytics} now={loaderData.now} />
}
