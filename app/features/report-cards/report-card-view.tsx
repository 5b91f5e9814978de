import { Trans, useLingui } from '@lingui/react/macro'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { TableScroll } from '~/ui/table-scroll'
import { formatCalendarDate } from '~/platform/dates'
import { formatNumber } from '~/platform/numbers'

type Component = { name: string; score: number; grade: string; remark: string | null }

/** One course's report: overall score and grade, graded components, comments. */
export function ReportCardView({
	courseTitle,
	card,
	headingLevel: Heading = 'h2',
}: {
	courseTitle: string
	/** The card's heading level in its page's outline: h2 under the page's h1, h3 under a section. */
	headingLevel?: 'h2' | 'h3'
	card: {
		score: number
		grade: string
		components: Component[]
		comments: string | null
		updatedAt: string
		authorName: string
		verifyPath?: string
	}
}) {
	const { t } = useLingui()
	const score = formatNumber(card.score)
	const grade = card.grade
	const author = card.authorName
	const updated = formatCalendarDate(card.updatedAt, 'UTC', 'long')
	return (
		<article
			aria-label={t`Report card for ${courseTitle}`}
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 print:break-inside-avoid print:border-slate-400"
		>
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<Heading className="text-lg font-semibold">{courseTitle}</Heading>
				<p className="text-lg">
					<Trans>
						<span className="font-bold">{score}</span>/100 · Grade{' '}
						<span className="font-bold">{grade}</span>
					</Trans>
				</p>
			</div>
			{card.components.length ? (
				<TableScroll label={t`Scores in ${courseTitle}`} framed={false}>
					<table className="w-full text-start text-sm">
						<caption className="sr-only">
							<Trans>Scores by subject or component in {courseTitle}</Trans>
						</caption>
						<thead className="bg-slate-100 text-slate-700">
							<tr>
								<th scope="col" className="px-3 py-2">
									<Trans>Subject or component</Trans>
								</th>
								<th scope="col" className="px-3 py-2">
									<Trans>Score</Trans>
								</th>
								<th scope="col" className="px-3 py-2">
									<Trans>Grade</Trans>
								</th>
								<th scope="col" className="px-3 py-2">
									<Trans>Remark</Trans>
								</th>
							</tr>
						</thead>
						<tbody>
							{card.components.map((component) => (
								<tr key={component.name} className="border-t border-slate-200">
									<th scope="row" className="px-3 py-2 font-medium">
										{component.name}
									</th>
									<td className="px-3 py-2">{component.score}</td>
									<td className="px-3 py-2">{component.grade}</td>
									<td className="px-3 py-2">{component.remark ?? ''}</td>
								</tr>
							))}
						</tbody>
					</table>
				</TableScroll>
			) : null}
			{card.comments ? (
				<p className="whitespace-pre-line text-slate-800">
					<span className="font-medium">
						<Trans>Comments:</Trans>{' '}
					</span>
					{card.comments}
				</p>
			) : null}
			<p className="text-xs text-slate-600">
				<Trans>
					By {author}, last updated {updated}
				</Trans>
			</p>
			{card.verifyPath ? (
				<p className="text-sm">
					<a href={card.verifyPath} className="text-indigo-800 underline">
						<Trans>Verification page</Trans>
					</a>{' '}
					<span className="text-xs text-slate-600">
						<Trans>(anyone with this link can check the report card is genuine)</Trans>
					</span>
				</p>
			) : null}
		</article>
	)
}

/** Printing needs the browser; without JavaScript the browser's own Print command does the same. */
export function PrintButton() {
	const hydrated = useHydrated()
	if (!hydrated)
		return (
			<p className="text-sm text-slate-600 print:hidden">
				<Trans>Use your browser&apos;s Print command to print this page.</Trans>
			</p>
		)
	return (
		<Button
			type="button"
			variant="secondary"
			className="print:hidden"
			onClick={() => window.print()}
		>
			<Trans>Print</Trans>
		</Button>
	)
}
