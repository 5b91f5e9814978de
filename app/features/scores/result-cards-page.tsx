import { Form } from 'react-router'
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
	const { organizationName, cards, card, page, streamLimit } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Result cards</h1>
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
						No scores have been entered yet.{' '}
						<TextLink to="/organization/score-input">Enter scores</TextLink>
					</p>
				) : (
					<section aria-labelledby="cards-heading" className="flex flex-col gap-3">
						<h2 id="cards-heading" className="text-lg font-semibold">
							Students with scores in {cards.value.term}
						</h2>
						<Form method="get" className="flex flex-wrap items-end gap-2">
							<div className="flex flex-col gap-1">
								<label htmlFor="cards-term" className="text-sm font-medium text-slate-800">
									Term
								</label>
								<select
									id="cards-term"
									name="term"
									defaultValue={cards.value.term}
									className="rounded-md border border-slate-400 bg-white px-3 py-2"
								>
									{cards.value.terms.map((term) => (
										<option key={term} value={term}>
											{term}
										</option>
									))}
								</select>
							</div>
							<Button variant="secondary">Show term</Button>
						</Form>
						<div>
							<TermCsvExport
								kind="result-cards"
								term={cards.value.term}
								students={cards.value.pagination?.total ?? cards.value.resultCards.length}
								streamLimit={streamLimit}
							>
								Download result cards for {cards.value.term}
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
							label="Result card pages"
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
	if (!total) return <p className="text-slate-700">No student has scores in {term}.</p>
	const opened = (student: string) =>
		new URLSearchParams({ term, student, ...(page > 1 && { page: String(page) }) }).toString()
	return (
		<Table
			label={`Result cards for ${term}`}
			caption={
				<>
					Result cards for {term} ({total})
				</>
			}
			headers={[
				'Student',
				'Average',
				'Grade band',
				<>
					<span className="sr-only">Result card</span>
				</>,
			]}
		>
			{cards.map((card) => (
				<tr key={card.student.id} className="border-t border-slate-200">
					<th scope="row" className="px-4 py-2 font-medium">
						{card.student.name}
					</th>
					<td className="px-4 py-2">{card.average}</td>
					<td className="px-4 py-2">{card.bucket}</td>
					<td className="px-4 py-2">
						<TextLink to={`?${opened(card.student.id)}`}>
							Open<span className="sr-only"> the</span> result card
							<span className="sr-only"> of {card.student.name}</span>
						</TextLink>
					</td>
				</tr>
			))}
		</Table>
	)
}
