import { formatDateTime } from '~/platform/dates'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import type { HistoryEntry } from './schema'

export const statusLabel = (status: HistoryEntry['status']) =>
	status === 'submitted' ? 'Submitted' : 'Closed at the time limit'

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
	if (!entries.length) {
		return (
			<p className="text-slate-700">
				No finished tests yet.{' '}
				<TextLink to="/studentdashboard/qa/templates">See the available tests</TextLink>.
			</p>
		)
	}
	return (
		<Table
			label={caption}
			caption={caption}
			headers={['Test', 'Score', 'Status', 'Finished', 'Details']}
		>
			{entries.map((entry) => (
				<tr key={entry.id} className="border-t border-slate-200">
					<th scope="row" className="px-4 py-2 font-medium">
						{entry.templateTitle}
					</th>
					<td className="px-4 py-2">
						{entry.score} / {entry.totalQuestions} ({entry.percentage}%)
					</td>
					<td className="px-4 py-2">{statusLabel(entry.status)}</td>
					<td className="px-4 py-2">
						<time dateTime={entry.completedAt}>{formatDateTime(entry.completedAt, timeZone)}</time>
					</td>
					<td className="px-4 py-2">
						<div className="flex flex-wrap gap-3">
							<TextLink
								to={`/studentdashboard/test-summary/${entry.id}`}
								aria-label={`Summary of ${entry.templateTitle}`}
							>
								Summary
							</TextLink>
							<TextLink
								to={`/studentdashboard/test-result/${entry.sessionId}`}
								aria-label={`Answers for ${entry.templateTitle}`}
							>
								Answers
							</TextLink>
						</div>
					</td>
				</tr>
			))}
		</Table>
	)
}
