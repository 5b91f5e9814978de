import { t } from '@lingui/core/macro'
import type { Route } from './+types/analytics'
import { AnalyticsPage } from '~/features/scores/analytics-page'
import { loadAnalytics } from '~/features/scores/analytics.server'
import { areaUser } from '~/platform/area-guard.server'

export function loader({ context, request }: Route.LoaderArgs) {
	const user = areaUser(context)
	return loadAnalytics(context, request, user.id)
}

export function meta() {
	return [{ title: t`Analytics | TutorHub` }]
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
	return <AnalyticsPage analytics={loaderData.analytics} now={loaderData.now} />
}
