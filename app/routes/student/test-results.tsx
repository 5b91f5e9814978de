import { t } from '@lingui/core/macro'
import type { Route } from './+types/test-results'
import { loadQuizResults } from '~/features/quizzes/test-results.server'
import { QuizResultsPage } from '~/features/quizzes/test-results-page'

export function loader({ context, request }: Route.LoaderArgs) {
	return loadQuizResults(context, request)
}

export function meta() {
	return [{ title: t`Test results | TutorHub` }]
}

export default function TestResults({ loaderData }: Route.ComponentProps) {
	return <QuizResultsPage loaderData={loaderData} />
}
