import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumber } from '~/platform/numbers'
import type { ResultCard } from './schema'
import { TableScroll } from '~/ui/table-scroll'

/** One student's result card for one term; the print stylesheet prints it alone. */
export function ResultCardView({
	card,
	organizationName,
}: {
	card: ResultCard
	organizationName: string
}) {
	const { t } = useLingui()
	const name = card.student.name
	const term = card.term
	return (
		<article
			aria-labelledby="result-card-heading"
			className="result-card max-w-2xl rounded-lg border border-slate-300 bg-white p-6"
		>
			<p className="text-sm font-semibold uppercase tracking-wide text-slate-600">
				{organizationName}
			</p>
			<h2 id="result-card-heading" className="mt-1 text-2xl font-bold">
				<Trans>Result card: {name}</Trans>
			</h2>
			<dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
				<dt className="font-medium text-slate-600">
					<Trans>Term</Trans>
				</dt>
				<dd>{card.term}</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Email</Trans>
				</dt>
				<dd>{card.student.email}</dd>
			</dl>
			<div className="mt-4">
				<TableScroll label={t`Scores of ${name}`} framed={false}>
					<table className="w-full text-start text-sm">
						<caption className="sr-only">
							<Trans>
								Scores of {name} in {term}
							</Trans>
						</caption>
						<thead className="border-b border-slate-300">
							<tr>
								<th scope="col" className="py-2">
									<Trans>Subject</Trans>
								</th>
								<th scope="col" className="py-2 text-end">
									<Trans>Score</Trans>
								</th>
								<th scope="col" className="py-2 text-end">
									<Trans>Grade band</Trans>
								</th>
							</tr>
						</thead>
						<tbody>
							{card.subjects.map((subject) => (
								<tr key={subject.subject} className="border-b border-slate-200">
									<th scope="row" className="py-2 font-normal">
										{subject.subject}
									</th>
									<td className="py-2 text-end">{formatNumber(subject.score)}</td>
									<td className="py-2 text-end">{subject.bucket}</td>
								</tr>
							))}
						</tbody>
						<tfoot>
							<tr className="font-semibold">
								<th scope="row" className="py-2">
									<Trans>Average</Trans>
								</th>
								<td className="py-2 text-end" data-testid="result-card-average">
									{formatNumber(card.average)}
								</td>
								<td className="py-2 text-end">{card.bucket}</td>
							</tr>
						</tfoot>
					</table>
				</TableScroll>
			</div>
			<p className="print-hidden mt-4 text-sm text-slate-600">
				<Trans>
					To print this card on its own, use your browser’s Print command (Ctrl+P or ⌘P).
				</Trans>
			</p>
		</article>
	)
}
