import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useSearchParams } from 'react-router'
import { formatNumber } from '~/platform/numbers'
import { Button } from '~/ui/button'
import { CsvDownload } from '~/ui/csv-download'
import { LoadError } from '~/ui/load-error'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { DateTime, GradeDistribution, PageLinks, StatusBadge } from './components'
import { averageGrade } from './grades'
import { SUBMISSION_SORTS, taskTypeLabel } from './schema'
import { progressFromCounts, statusLabel, SUBMISSION_STATUSES } from './status'
import { reviewPath } from './teacher-paths'
import type { loadTaskSubmissions } from './teacher-submissions.server'

/** A task's submissions: the summary, the filters and a page of students with their work. */
export function TaskSubmissionsPage({
	loaderData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTaskSubmissions>>
}) {
	const { t } = useLingui()
	const { list, error, timeZone } = loaderData
	const [searchParams] = useSearchParams()
	if (!list) {
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>Submissions</Trans>
				</h1>
				{error ? <LoadError error={error} /> : null}
			</div>
		)
	}
	const task = list.taskInfo
	const progress = progressFromCounts(list.summary.counts)
	const average = averageGrade(list.summary.grades)
	const title = task.title
	const submitted = formatNumber(progress.submitted)
	const pending = formatNumber(progress.pending)
	const enrolled = formatNumber(task.enrolledCount)
	const averageText = average === null ? t`none yet` : formatNumber(average, 1)
	const students = formatNumber(list.pagination.total)

	return (
		<div className="flex flex-col gap-6">
			<div>
				<TextLink to="/teachersdashboard/tasks" className="text-sm">
					<Trans>Back to tasks</Trans>
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">
					<Trans>{title}: submissions</Trans>
				</h1>
				<p className="text-slate-700">
					{task.courseTitle} · {taskTypeLabel(task.taskType)} ·{' '}
					<Trans>
						Due <DateTime iso={task.dueDate} timeZone={timeZone} />
					</Trans>
				</p>
				<p className="mt-3">
					<CsvDownload
						href={`/teachersdashboard/tasks/submissions/export?taskId=${encodeURIComponent(task.id)}`}
					>
						<Trans>Download submissions and grades</Trans>
					</CsvDownload>
				</p>
			</div>

			<div className="grid gap-4 md:grid-cols-2">
				<section
					aria-labelledby="summary-heading"
					className="rounded-lg border border-slate-200 bg-white p-4"
				>
					<h2 id="summary-heading" className="font-semibold">
						<Trans>Summary</Trans>
					</h2>
					<p className="mt-2">
						<Trans>
							{submitted} submitted, {pending} pending of {enrolled} enrolled
						</Trans>
					</p>
					<ul className="mt-2 flex flex-wrap gap-3 text-sm">
						{SUBMISSION_STATUSES.map((status) => (
							<li key={status} className="flex items-center gap-1">
								<StatusBadge status={status} /> {formatNumber(list.summary.counts[status] ?? 0)}
							</li>
						))}
					</ul>
					<p className="mt-2 text-sm text-slate-700">
						<Trans>Average grade: {averageText}</Trans>
					</p>
				</section>
				<section className="rounded-lg border border-slate-200 bg-white p-4">
					<GradeDistribution grades={list.summary.grades} />
				</section>
			</div>

			<Form method="get" className="flex min-w-0 flex-wrap items-end gap-3">
				<input type="hidden" name="taskId" value={task.id} />
				<label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
					<Trans>Filter by status</Trans>
					<select
						name="status"
						defaultValue={searchParams.get('status') ?? ''}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						<option value="">{t`All statuses`}</option>
						{SUBMISSION_STATUSES.map((status) => (
							<option key={status} value={status}>
								{statusLabel(status)}
							</option>
						))}
					</select>
				</label>
				<label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
					<Trans>Sort by</Trans>
					<select
						name="sortBy"
						defaultValue={searchParams.get('sortBy') ?? 'submittedAt'}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						{SUBMISSION_SORTS.map((sort) => (
							<option key={sort.value} value={sort.value}>
								{t(sort.label)}
							</option>
						))}
					</select>
				</label>
				<label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
					<Trans>Order</Trans>
					<select
						name="sortDirection"
						defaultValue={searchParams.get('sortDirection') ?? 'desc'}
						className="rounded-md border border-slate-400 bg-white px-3 py-2"
					>
						<option value="desc">{t`Descending`}</option>
						<option value="asc">{t`Ascending`}</option>
					</select>
				</label>
				<Button variant="secondary">
					<Trans>Apply</Trans>
				</Button>
			</Form>

			{list.submissions.length ? (
				<Table
					label={t`Students`}
					caption={t`Students (${students})`}
					headers={[t`Student`, t`Status`, t`Submitted at`, t`Grade`, t`Actions`]}
				>
					{list.submissions.map((submission) => {
						const grade = submission.gradeInfo ? formatNumber(submission.gradeInfo.grade) : null
						return (
							<tr key={submission.student.id} className="border-t border-slate-200">
								<td className="px-4 py-2">
									<span className="font-semibold">{submission.student.name}</span>
									<span className="block text-slate-600">{submission.student.email}</span>
								</td>
								<td className="px-4 py-2">
									<StatusBadge status={submission.status} />
								</td>
								<td className="px-4 py-2">
									<DateTime iso={submission.submittedAt} timeZone={timeZone} />
								</td>
								<td className="px-4 py-2">{grade === null ? '—' : `${grade} / 100`}</td>
								<td className="px-4 py-2">
									<TextLink to={reviewPath(task.id, submission.student.id)}>
										{submission.id && !submission.gradeInfo
											? t({ message: 'Grade', context: 'action' })
											: t`View`}
										<span className="sr-only"> {submission.student.name}</span>
									</TextLink>
								</td>
							</tr>
						)
					})}
				</Table>
			) : (
				<p className="text-slate-700">
					<Trans>No students match this filter.</Trans>
				</p>
			)}
			<PageLinks
				page={list.pagination.page}
				totalPages={list.pagination.totalPages}
				search={searchParams.toString()}
				label={t`Submission pages`}
			/>
		</div>
	)
}
