import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { formatNumber } from '~/platform/numbers'
import { TermCsvExport } from '~/features/scores/term-csv-export'
import { Button } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { ResultCardView } from './result-card'
import type { loadResultCards } from './result-cards.server'

/** The organization's result cards for a term, and the one card opened from the list. */
export function ResultCardsPage({
	loaderData,
}: {
	loaderData: Awaited<ReturnType<typeof loadResultCards>>
}) {
	const { t } = useLingui()
	const { organizationName, cards, card, page, streamLimit } = loaderData
	const term = cards.ok ? cards.value.term : null
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Result cards</Trans>
			</h1>
			{card ? (
				card.ok ? (
					<ResultCardView card={card.value} organizationName={organizationName} />
				) : (
					<LoadError error={card.error} />
				)
			) : null}
			{cards.ok ? (
				cards.value.term === null ? (
					<p className="text-slate-700">
						<Trans>
							No scores have been entered yet.{' '}
							<TextLink to="/organization/score-input">Enter scores</TextLink>
						</Trans>
					</p>
				) : (
					<section aria-labelledby="cards-heading" className="flex flex-col gap-3">
						<h2 id="cards-heading" className="text-lg font-semibold">
							<Trans>Students with scores in {term}</Trans>
						</h2>
						<Form method="get" className="flex min-w-0 flex-wrap items-end gap-2">
							<div className="flex min-w-0 flex-col gap-1">
								<label htmlFor="cards-term" className="text-sm font-medium text-slate-800">
									<Trans>Term</Trans>
								</label>
								<select
									id="cards-term"
									name="term"
									defaultValue={cards.value.term}
									className="rounded-md border border-slate-400 bg-white px-3 py-2"
								>
									{cards.value.terms.map((known) => (
										<option key={known} value={known}>
											{known}
										</option>
									))}
								</select>
							</div>
							<Button variant="secondary">
								<Trans>Show term</Trans>
							</Button>
						</Form>
						<div>
							<TermCsvExport
								kind="result-cards"
								term={cards.value.term}
								students={cards.value.pagination?.total ?? cards.value.resultCards.length}
								streamLimit={streamLimit}
							>
								<Trans>Download result cards for {term}</Trans>
							</TermCsvExport>
						</div>
						<CardTable
							term={cards.value.term}
							cards={cards.value.resultCards}
							total={cards.value.pagination?.total ?? cards.value.resultCards.length}
							page={page}
						/>
						<Pagination
							page={page}
							totalPages={cards.value.pagination?.totalPages ?? 1}
							label={t`Result card pages`}
						/>
					</section>
				)
			) : (
				<LoadError error={cards.error} />
			)}
		</div>
	)
}

function CardTable({
	term,
	cards,
	total,
	page,
}: {
	term: string
	cards: { student: { id: string; name: string }; average: number; bucket: string }[]
	/** How many cards the term has on all pages. */
	total: number
	page: number
}) {
	const { t } = useLingui()
	if (!total)
		return (
			<p className="text-slate-700">
				<Trans>No student has scores in {term}.</Trans>
			</p>
		)
	const count = formatNumber(total)
	const opened = (student: string) =>
		new URLSearchParams({ term, student, ...(page > 1 && { page: String(page) }) }).toString()
	return (
		<Table
			label={t`Result cards for ${term}`}
			caption={t`Result cards for ${term} (${count})`}
			headers={[
				t`Student`,
				t`Average`,
				t`Grade band`,
				<>
					<span className="sr-only">
						<Trans>Result card</Trans>
					</span>
				</>,
			]}
		>
			{cards.map((card) => {
				const name = card.student.name
				return (
					<tr key={card.student.id} className="border-t border-slate-200">
						<th scope="row" className="px-4 py-2 font-medium">
							{card.student.name}
						</th>
						<td className="px-4 py-2">{formatNumber(card.average)}</td>
						<td className="px-4 py-2">{card.bucket}</td>
						<td className="px-4 py-2">
							<TextLink to={`?${opened(card.student.id)}`}>
								<Trans>
									Open<span className="sr-only"> the</span> result card
									<span className="sr-only"> of {name}</span>
								</Trans>
							</TextLink>
						</td>
					</tr>
				)
			})}
		</Table>
	)
}
