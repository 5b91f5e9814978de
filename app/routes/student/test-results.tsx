import type { Route } from './+types/test-results'
import { loadTestResults } from '~/features/quizzes/test-results.server'
import { TestResultsPage } from '~/features/quizzes/test-results-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadTestResults(context, request)
}

export function meta() {
	return [{ title: 'Test results | TutorHub' }]
}

export default function TestResults({ loaderData }: Route.ComponentProps) {
	return <TestResultsPage loaderData={loaderData} />
}
