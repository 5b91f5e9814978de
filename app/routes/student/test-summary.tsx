import { t } from '@lingui/core/macro'
import type { Route } from './+types/test-summary'
import { loadQuizSummary } from '~/features/quizzes/test-summary.server'
import { QuizSummaryPage } from '~/features/quizzes/test-summary-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadQuizSummary(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const test = loaderData?.entry.templateTitle
	return [{ title: test ? t`Summary: ${test} | TutorHub` : t`Summary: Test | TutorHub` }]
}

export default function TestSummary({ loaderData }: Route.ComponentProps) {
	return <QuizSummaryPage loaderData={loaderData} />
}
