import type { Route } from './+types/test-result'
import { loadTestResult } from '~/features/quizzes/test-result.server'
import { TestResultPage } from '~/features/quizzes/test-result-page'

export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadTestResult(context, request, params)
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `Result: ${loaderData?.session.title ?? 'Test'} | TutorHub` }]
}

export default function TestResult({ loaderData }: Route.ComponentProps) {
	return <TestResultPage loaderData={loaderData} />
}
