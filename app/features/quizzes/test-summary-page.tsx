import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import { formatDateTime } from '~/platform/dates'
import { buttonClass } from '~/ui/button'
import type { RouteData } from '~/platform/route-data'
import { statusLabel } from './history-table'
import { formatNumber, formatPercent } from '~/platform/numbers'
import type { loadQuizSummary } from './test-summary.server'

const minutesBetween = (start: string, end: string) =>
	Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000))

export function QuizSummaryPage({ loaderData }: { loaderData: RouteData<typeof loadQuizSummary> }) {
	const { t } = useLingui()
	const { entry, timeZone } = loaderData
	const title = entry.templateTitle
	const score = formatNumber(entry.score)
	const total = formatNumber(entry.totalQuestions)
	const percent = formatPercent(entry.percentage)
	const minutes = minutesBetween(entry.startedAt, entry.completedAt)
	return (
		<div className="flex max-w-2xl flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Summary: {title}</Trans>
			</h1>
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">
					<Trans>Score</Trans>
				</dt>
				<dd>
					<Trans>
						{score} of {total} correct ({percent})
					</Trans>
				</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Status</Trans>
				</dt>
				<dd>{t(statusLabel(entry.status))}</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Started</Trans>
				</dt>
				<dd>
					<time dateTime={entry.startedAt}>{formatDateTime(entry.startedAt, timeZone)}</time>
				</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Finished</Trans>
				</dt>
				<dd>
					<time dateTime={entry.completedAt}>{formatDateTime(entry.completedAt, timeZone)}</time>
				</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Time taken</Trans>
				</dt>
				<dd>
					<Plural value={minutes} one="# minute" other="# minutes" />
				</dd>
			</dl>
			<div className="flex flex-wrap gap-3">
				<Link to={`/studentdashboard/test-result/${entry.sessionId}`} className={buttonClass()}>
					<Trans>See your answers</Trans>
				</Link>
				{entry.templateId ? (
					<Link
						to={`/studentdashboard/test/${entry.templateId}`}
						className={buttonClass('secondary')}
					>
						<Trans>Take this test again</Trans>
					</Link>
				) : null}
				<Link to="/studentdashboard/test-results" className={buttonClass('secondary')}>
					<Trans>All test results</Trans>
				</Link>
			</div>
		</div>
	)
}
