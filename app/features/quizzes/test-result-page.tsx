import { Link } from '~/ui/link'
import { formatDateTime } from '~/platform/dates'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { ClearLocalQuiz } from './clear-local-quiz'
import { statusLabel } from './history-table'
import { ResultReview } from './result-review'
import type { loadQuizResult } from './test-result.server'

export function QuizResultPage({ loaderData }: { loaderData: RouteData<typeof loadQuizResult> }) {
	const { session, result, timeZone } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<ClearLocalQuiz sessionId={session.id} />
			<h1 className="text-2xl font-bold">Result: {session.title}</h1>
			<section
				aria-labelledby="score-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="score-heading" className="text-lg font-semibold">
					Your score
				</h2>
				<p className="mt-2 text-3xl font-bold" data-testid="score">
					{result.score} / {result.totalQuestions} ({result.percentage}%)
				</p>
				<p className="mt-1 text-sm text-slate-700">
					{statusLabel(session.status === 'expired' ? 'expired' : 'submitted')} on{' '}
					<time dateTime={result.closedAt}>{formatDateTime(result.closedAt, timeZone)}</time>
				</p>
				<div className="mt-4 flex flex-wrap gap-3">
					<Link
						to={`/studentdashboard/test-summary/${result.historyId}`}
						className={buttonClass('secondary')}
					>
						Summary
					</Link>
					<Link to="/studentdashboard/test-results" className={buttonClass('secondary')}>
						All test results
					</Link>
				</div>
			</section>
			<section aria-labelledby="review-heading" className="flex flex-col gap-3">
				<h2 id="review-heading" className="text-lg font-semibold">
					Question by question
				</h2>
				<ResultReview review={result.review} />
			</section>
		</div>
	)
}
