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
	if (!analytics.ok) {
		return (
			<div className="flex flex-col gap-6">
				<h1 className="text-2xl font-bold">Analytics</h1>
				<LoadError error={analytics.error} />
			</div>
		)
	}
	const { enrolment, performance, distribution, terms, term } = analytics.value
	const months = enrollmentSeries(enrolment, new Date(now))
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Analytics</h1>
			<BarChart
				title="Enrolment over time"
				description="Students who joined your organization each month, over the last 12 months."
				rowHeader="Month"
				valueHeader="Students joined"
				bars={months.map((month) => ({
					label: monthLabel(month.month),
					shortLabel: monthLabel(month.month).slice(0, 3),
					value: month.students,
				}))}
				extraColumns={[
					{ header: 'Teachers joined', values: months.map((month) => month.teachers) },
				]}
			/>
			{performance.length ? (
				<LineChart
					title="Performance over time"
					description="Average score of all students in each term, from 0 to 100."
					rowHeader="Term"
					valueHeader="Average score"
					points={performance.map((item) => ({ label: item.term, value: item.average }))}
					max={100}
					extraColumns={[
						{ header: 'Scores recorded', values: performance.map((item) => item.scores) },
					]}
				/>
			) : (
				<p className="text-slate-700">
					No scores yet: performance over time appears once scores are entered.
				</p>
			)}
			<section aria-labelledby="distribution-filter" className="flex flex-col gap-3">
				<h2 id="distribution-filter" className="sr-only">
					Grade distribution
				</h2>
				<Form method="get" className="flex flex-wrap items-end gap-2">
					<div className="flex flex-col gap-1">
						<label htmlFor="distribution-term" className="text-sm font-medium text-slate-800">
							Grade distribution for
						</label>
						<select
							id="distribution-term"
							name="term"
							defaultValue={term ?? ''}
							className="rounded-md border border-slate-400 bg-white px-3 py-2"
						>
							<option value="">All terms</option>
							{terms.map((known) => (
								<option key={known} value={known}>
									{known}
								</option>
							))}
						</select>
					</div>
					<Button variant="secondary">Show distribution</Button>
				</Form>
				<BarChart
					title={`Grade distribution${term ? ` in ${term}` : ', all terms'}`}
					description="How many recorded scores fall in each grade band."
					rowHeader="Grade band"
					valueHeader="Scores"
					bars={distribution.map((bucket) => ({ label: bucket.bucket, value: bucket.count }))}
				/>
			</section>
		</div>
	)
}
