import { Trans, useLingui } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { HistoryTable } from './history-table'
import type { loadQuizResults } from './test-results.server'

export function QuizResultsPage({ loaderData }: { loaderData: RouteData<typeof loadQuizResults> }) {
	const { t } = useLingui()
	const { history, timeZone } = loaderData
	const total = history.ok ? history.value.pagination.total : 0
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Test results</Trans>
			</h1>
			{history.ok ? (
				<>
					<HistoryTable
						entries={history.value.history}
						timeZone={timeZone}
						caption={t`Your finished tests (${total})`}
					/>
					<Pagination
						page={history.value.pagination.currentPage}
						totalPages={history.value.pagination.totalPages ?? 1}
						label={t`Result pages`}
					/>
				</>
			) : (
				<LoadError error={history.error} />
			)}
		</div>
	)
}
