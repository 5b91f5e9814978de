import { t } from '@lingui/core/macro'
import type { Route } from './+types/test-result'
import { loadQuizResult } from '~/features/quizzes/test-result.server'
import { QuizResultPage } from '~/features/quizzes/test-result-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadQuizResult(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const test = loaderData?.session.title
	return [{ title: test ? t`Result: ${test} | TutorHub` : t`Result: Test | TutorHub` }]
}

export default function TestResult({ loaderData }: Route.ComponentProps) {
	return <QuizResultPage loaderData={loaderData} />
}
