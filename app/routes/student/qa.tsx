import { t } from '@lingui/core/macro'
import type { Route } from './+types/qa'
import { loadTestsOverview } from '~/features/quizzes/tests-overview.server'
import { TestsOverviewPage } from '~/features/quizzes/tests-overview-page'

/** The tests overview: a few tests to take and the latest results, loaded side by side. */
export function loader({ context, request }: Route.LoaderArgs) {
	return loadTestsOverview(context, request)
}

export function meta() {
	return [{ title: t`Tests | TutorHub` }]
}

export default function TestsOverview({ loaderData }: Route.ComponentProps) {
	return <TestsOverviewPage loaderData={loaderData} />
}
