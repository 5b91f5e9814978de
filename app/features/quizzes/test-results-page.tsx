import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { HistoryTable } from './history-table'
import type { loadQuizResults } from './test-results.server'

export function QuizResultsPage({ loaderData }: { loaderData: RouteData<typeof loadQuizResults> }) {
	const { history, timeZone } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Test results</h1>
			{history.ok ? (
				<>
					<HistoryTable
						entries={history.value.history}
						timeZone={timeZone}
						caption={`Your finished tests (${history.value.pagination.total})`}
					/>
					<Pagination
						page={history.value.pagination.currentPage}
						totalPages={history.value.pagination.totalPages ?? 1}
						label="Result pages"
					/>
				</>
			) : (
				<LoadError error={history.error} />
			)}
		</div>
	)
}
