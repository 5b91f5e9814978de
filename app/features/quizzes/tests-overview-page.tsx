import { Trans, useLingui } from '@lingui/react/macro'
import { TemplateCards } from '~/features/qa/template-cards'
import { LoadError } from '~/ui/load-error'
import type { RouteData } from '~/platform/route-data'
import { TextLink } from '~/ui/text-link'
import { HistoryTable } from './history-table'
import type { loadTestsOverview } from './tests-overview.server'

export function TestsOverviewPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadTestsOverview>
}) {
	const { t } = useLingui()
	const { templates, history, timeZone } = loaderData
	const available = templates.ok ? templates.value.pagination.total : 0
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Tests</Trans>
			</h1>
			<section aria-labelledby="available-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-baseline justify-between gap-3">
					<h2 id="available-heading" className="text-lg font-semibold">
						<Trans>Tests to take</Trans>
					</h2>
					<TextLink to="/studentdashboard/qa/templates">
						{templates.ok ? (
							<Trans>All available tests ({available})</Trans>
						) : (
							<Trans>All available tests</Trans>
						)}
					</TextLink>
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
						<Trans>Latest results</Trans>
					</h2>
					<TextLink to="/studentdashboard/test-results">
						<Trans>All test results</Trans>
					</TextLink>
				</div>
				{history.ok ? (
					<HistoryTable
						entries={history.value.history}
						caption={t`Your latest finished tests`}
						timeZone={timeZone}
					/>
				) : (
					<LoadError error={history.error} />
				)}
			</section>
		</div>
	)
}
