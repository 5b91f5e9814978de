import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDateTime } from '~/platform/dates'
import { formatNumber, formatPercent } from '~/platform/numbers'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import type { HistoryEntry } from './schema'

const statusLabels = {
	submitted: msg`Submitted`,
	expired: msg`Closed at the time limit`,
}

/** How a finished test ended, to be read with the page's `t`. */
export const statusLabel = (status: HistoryEntry['status']) => statusLabels[status]

/** "7 / 10 (70%)" in the page's digits. */
export const scoreText = (score: number, total: number, percentage: number) =>
	`${formatNumber(score)} / ${formatNumber(total)} (${formatPercent(percentage)})`

/** The student's test history: one row per finished test, newest first. */
export function HistoryTable({
	entries,
	caption,
	timeZone,
}: {
	entries: HistoryEntry[]
	caption: string
	/** The viewer's zone, which the times are shown in. */
	timeZone: string
}) {
	const { t } = useLingui()
	if (!entries.length) {
		return (
			<p className="text-slate-700">
				<Trans>
					No finished tests yet.{' '}
					<TextLink to="/studentdashboard/qa/templates">See the available tests</TextLink>.
				</Trans>
			</p>
		)
	}
	return (
		<Table
			label={caption}
			caption={caption}
			headers={[t`Test`, t`Score`, t`Status`, t`Finished`, t`Details`]}
		>
			{entries.map((entry) => {
				const title = entry.templateTitle
				return (
					<tr key={entry.id} className="border-t border-slate-200">
						<th scope="row" className="px-4 py-2 font-medium">
							{entry.templateTitle}
						</th>
						<td className="px-4 py-2">
							{scoreText(entry.score, entry.totalQuestions, entry.percentage)}
						</td>
						<td className="px-4 py-2">{t(statusLabel(entry.status))}</td>
						<td className="px-4 py-2">
							<time dateTime={entry.completedAt}>
								{formatDateTime(entry.completedAt, timeZone)}
							</time>
						</td>
						<td className="px-4 py-2">
							<div className="flex flex-wrap gap-3">
								<TextLink
									to={`/studentdashboard/test-summary/${entry.id}`}
									aria-label={t`Summary of ${title}`}
								>
									<Trans>Summary</Trans>
								</TextLink>
								<TextLink
									to={`/studentdashboard/test-result/${entry.sessionId}`}
									aria-label={t`Answers for ${title}`}
								>
									<Trans>Answers</Trans>
								</TextLink>
							</div>
						</td>
					</tr>
				)
			})}
		</Table>
	)
}
