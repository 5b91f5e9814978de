import type { Route } from './+types/test-results'
import { getTestHistory } from '~/features/quizzes/api.server'
import { HistoryTable } from '~/features/quizzes/history-table'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { pageParam } from '~/platform/page-param'

export async function loader({ context, request }: Route.LoaderArgs) {
	const history = await settle(
		getTestHistory(upstream(context, request), {
			page: pageParam(new URL(request.url).searchParams),
		}),
	)
	return { history, timeZone: viewerTimeZone(request).zone }
}

export function meta() {
	return [{ title: 'Test results | TutorHub' }]
}

export default function TestResults({ loaderData }: Route.ComponentProps) {
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
