import { Link } from '~/ui/link'
import { formatDateTime } from '~/platform/dates'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { statusLabel } from './history-table'
import type { loadQuizSummary } from './test-summary.server'

function minutesBetween(start: string, end: string) {
	const minutes = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000))
	return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export function QuizSummaryPage({ loaderData }: { loaderData: RouteData<typeof loadQuizSummary> }) {
	const { entry, timeZone } = loaderData
	return (
		<div className="flex max-w-2xl flex-col gap-6">
			<h1 className="text-2xl font-bold">Summary: {entry.templateTitle}</h1>
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">Score</dt>
				<dd>
					{entry.score} of {entry.totalQuestions} correct ({entry.percentage}%)
				</dd>
				<dt className="font-medium text-slate-600">Status</dt>
				<dd>{statusLabel(entry.status)}</dd>
				<dt className="font-medium text-slate-600">Started</dt>
				<dd>
					<time dateTime={entry.startedAt}>{formatDateTime(entry.startedAt, timeZone)}</time>
				</dd>
				<dt className="font-medium text-slate-600">Finished</dt>
				<dd>
					<time dateTime={entry.completedAt}>{formatDateTime(entry.completedAt, timeZone)}</time>
				</dd>
				<dt className="font-medium text-slate-600">Time taken</dt>
				<dd>{minutesBetween(entry.startedAt, entry.completedAt)}</dd>
			</dl>
			<div className="flex flex-wrap gap-3">
				<Link to={`/studentdashboard/test-result/${entry.sessionId}`} className={buttonClass()}>
					See your answers
				</Link>
				{entry.templateId ? (
					<Link
						to={`/studentdashboard/test/${entry.templateId}`}
						className={buttonClass('secondary')}
					>
						Take this test again
					</Link>
				) : null}
				<Link to="/studentdashboard/test-results" className={buttonClass('secondary')}>
					All test results
				</Link>
			</div>
		</div>
	)
}
