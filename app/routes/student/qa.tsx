import { Link } from 'react-router'
import type { Route } from './+types/qa'
import { getTemplates } from '~/features/qa/api.server'
import { TemplateCards } from '~/features/qa/template-cards'
import { getTestHistory } from '~/features/quizzes/api.server'
import { HistoryTable } from '~/features/quizzes/history-table'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'

/** The tests overview: a few tests to take and the latest results, loaded side by side. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const api = upstream(context, request)
	const [templates, history] = await Promise.all([
		settle(getTemplates(api, { limit: 4, isActive: 1 })),
		settle(getTestHistory(api, { limit: 5 })),
	])
	return { templates, history, timeZone: viewerTimeZone(request).zone }
}

export function meta() {
	return [{ title: 'Tests | TutorHub' }]
}

export default function TestsOverview({ loaderData }: Route.ComponentProps) {
	const { templates, history, timeZone } = loaderData
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Tests</h1>
			<section aria-labelledby="available-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-baseline justify-between gap-3">
					<h2 id="available-heading" className="text-lg font-semibold">
						Tests to take
					</h2>
					<Link
						className="font-semibold text-indigo-800 underline"
						to="/studentdashboard/qa/templates"
					>
						All available tests
						{templates.ok ? ` (${templates.value.pagination.total})` : ''}
					</Link>
				</div>
				{templates.ok ? (
					<TemplateCards templates={templates.value.templates} />
				) : (
					<LoadError error={templates.error} />
				)}
			</section>
			<section aria-labelledby="recent-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-baseline justify-between gap-3">
					<h2 id="recent-heading" className="text-lg font-semibold">
						Latest results
					</h2>
					<Link
						className="font-semibold text-indigo-800 underline"
						to="/studentdashboard/test-results"
					>
						All test results
					</Link>
				</div>
				{history.ok ? (
					<HistoryTable
						entries={history.value.history}
						caption="Your latest finished tests"
						timeZone={timeZone}
					/>
				) : (
					<LoadError error={history.error} />
				)}
			</section>
		</div>
	)
}
