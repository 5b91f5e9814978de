import type { Route } from './+types/test-summary'
import { loadQuizSummary } from '~/features/quizzes/test-summary.server'
import { QuizSummaryPage } from '~/features/quizzes/test-summary-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadQuizSummary(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `Summary: ${loaderData?.entry.templateTitle ?? 'Test'} | TutorHub` }]
}

export default function TestSummary({ loaderData }: Route.ComponentProps) {
	return <QuizSummaryPage loaderData={loaderData} />
}
