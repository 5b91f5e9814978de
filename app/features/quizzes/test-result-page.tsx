import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { formatDateTime } from '~/platform/dates'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { ClearLocalQuiz } from './clear-local-quiz'
import { scoreText, statusLabel } from './history-table'
import { ResultReview } from './result-review'
import type { loadQuizResult } from './test-result.server'

export function QuizResultPage({ loaderData }: { loaderData: RouteData<typeof loadQuizResult> }) {
	const { t } = useLingui()
	const { session, result, timeZone } = loaderData
	const title = session.title
	const status = t(statusLabel(session.status === 'expired' ? 'expired' : 'submitted'))
	const closedOn = formatDateTime(result.closedAt, timeZone)
	return (
		<div className="flex flex-col gap-6">
			<ClearLocalQuiz sessionId={session.id} />
			<h1 className="text-2xl font-bold">
				<Trans>Result: {title}</Trans>
			</h1>
			<section
				aria-labelledby="score-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="score-heading" className="text-lg font-semibold">
					<Trans>Your score</Trans>
				</h2>
				<p className="mt-2 text-3xl font-bold" data-testid="score">
					{scoreText(result.score, result.totalQuestions, result.percentage)}
				</p>
				<p className="mt-1 text-sm text-slate-700">
					<Trans>
						{status} on <time dateTime={result.closedAt}>{closedOn}</time>
					</Trans>
				</p>
				<div className="mt-4 flex flex-wrap gap-3">
					<Link
						to={`/studentdashboard/test-summary/${result.historyId}`}
						className={buttonClass('secondary')}
					>
						<Trans>Summary</Trans>
					</Link>
					<Link to="/studentdashboard/test-results" className={buttonClass('secondary')}>
						<Trans>All test results</Trans>
					</Link>
				</div>
			</section>
			<section aria-labelledby="review-heading" className="flex flex-col gap-3">
				<h2 id="review-heading" className="text-lg font-semibold">
					<Trans>Question by question</Trans>
				</h2>
				<ResultReview review={result.review} />
			</section>
		</div>
	)
}
