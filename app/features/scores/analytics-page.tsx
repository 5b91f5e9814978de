import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import type { Settled } from '~/platform/settle.server'
import { Button } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { BarChart, LineChart } from './analytics-charts'
import type { getAnalytics } from './api.server'
import { enrollmentSeries, monthLabel } from './charts'

/** The organization's analytics: enrolment and performance over time, and the grade distribution. */
export function AnalyticsPage({
	analytics,
	now,
}: {
	analytics: Settled<Awaited<ReturnType<typeof getAnalytics>>>
	/** When the page was made (ISO): the last 12 months count back from it. */
	now: string
}) {
	const { t } = useLingui()
	if (!analytics.ok) {
		return (
			<div className="flex flex-col gap-6">
				<h1 className="text-2xl font-bold">
					<Trans>Analytics</Trans>
				</h1>
				<LoadError error={analytics.error} />
			</div>
		)
	}
	const { enrolment, performance, distribution, terms, term } = analytics.value
	const months = enrollmentSeries(enrolment, new Date(now))
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Analytics</Trans>
			</h1>
			<BarChart
				title={t`Enrolment over time`}
				description={t`Students who joined your organization each month, over the last 12 months.`}
				rowHeader={t`Month`}
				valueHeader={t`Students joined`}
				bars={months.map((month) => ({
					label: monthLabel(month.month),
					shortLabel: monthLabel(month.month, 'short'),
					value: month.students,
				}))}
				extraColumns={[
					{ header: t`Teachers joined`, values: months.map((month) => month.teachers) },
				]}
			/>
			{performance.length ? (
				<LineChart
					title={t`Performance over time`}
					description={t`Average score of all students in each term, from 0 to 100.`}
					rowHeader={t`Term`}
					valueHeader={t`Average score`}
					points={performance.map((item) => ({ label: item.term, value: item.average }))}
					max={100}
					extraColumns={[
						{ header: t`Scores recorded`, values: performance.map((item) => item.scores) },
					]}
				/>
			) : (
				<p className="text-slate-700">
					<Trans>No scores yet: performance over time appears once scores are entered.</Trans>
				</p>
			)}
			<section aria-labelledby="distribution-filter" className="flex flex-col gap-3">
				<h2 id="distribution-filter" className="sr-only">
					<Trans>Grade distribution</Trans>
				</h2>
				<Form method="get" className="flex min-w-0 flex-wrap items-end gap-2">
					<div className="flex min-w-0 flex-col gap-1">
						<label htmlFor="distribution-term" className="text-sm font-medium text-slate-800">
							<Trans>Grade distribution for</Trans>
						</label>
						<select
							id="distribution-term"
							name="term"
							defaultValue={term ?? ''}
							className="rounded-md border border-slate-400 bg-white px-3 py-2"
						>
							<option value="">{t`All terms`}</option>
							{terms.map((known) => (
								<option key={known} value={known}>
									{known}
								</option>
							))}
						</select>
					</div>
					<Button variant="secondary">
						<Trans>Show distribution</Trans>
					</Button>
				</Form>
				<BarChart
					title={term ? t`Grade distribution in ${term}` : t`Grade distribution, all terms`}
					description={t`How many recorded scores fall in each grade band.`}
					rowHeader={t`Grade band`}
					valueHeader={t`Scores`}
					bars={distribution.map((bucket) => ({ label: bucket.bucket, value: bucket.count }))}
				/>
			</section>
		</div>
	)
}
