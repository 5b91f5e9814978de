import { Trans, useLingui } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import { formatNumber } from '~/platform/numbers'
import { TextLink } from '~/ui/text-link'
import { DateTime, FileLink, StatusBadge } from './components'
import { taskTypeLabel } from './schema'
import { SubmitWorkForm } from './submit-work'
import type { SubmitWorkResult } from './submit-work.server'
import type { loadTaskDetails } from './task-details.server'
import { Detail, DetailList, Panel } from '~/ui/panel'

const filePath = (query: string) => `/studentdashboard/task-details/file?${query}`

/** A task, the student's work and grade, and the form to hand work in (until graded or closed). */
export function TaskDetailsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTaskDetails>>
	actionData: SubmitWorkResult | undefined
}) {
	const { t } = useLingui()
	const { task, submission, error, timeZone, now } = loaderData
	if (!task || !submission) {
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">
					<Trans>Task details</Trans>
				</h1>
				{error ? <LoadError error={error} /> : null}
			</div>
		)
	}
	const closed = task.endDate !== null && Date.parse(task.endDate) < now
	const graded = submission.gradeInfo !== null
	const grade = formatNumber(submission.gradeInfo?.grade ?? 0)
	const feedback = submission.gradeInfo?.feedback
	const gradedAt = submission.gradeInfo?.gradedAt
	return (
		<div className="flex flex-col gap-6">
			<div>
				<TextLink to="/studentdashboard/tasks" className="text-sm">
					<Trans>Back to your tasks</Trans>
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">{task.title}</h1>
				<p className="text-slate-700">
					{task.courseTitle} · {task.teacherName} · {taskTypeLabel(task.taskType)}
				</p>
			</div>

			<Panel id="task-heading" title={t`The task`}>
				<DetailList>
					<Detail term={t`Status`}>
						<StatusBadge status={submission.status} />
					</Detail>
					<Detail term={t`Due`}>
						<DateTime iso={task.dueDate} timeZone={timeZone} />
					</Detail>
					{task.endDate ? (
						<Detail term={t`Closes`}>
							<DateTime iso={task.endDate} timeZone={timeZone} />
						</Detail>
					) : null}
					<Detail term={t`Attachment`}>
						{task.attachment ? (
							<FileLink
								href={filePath(`taskId=${encodeURIComponent(task.id)}`)}
								file={task.attachment}
							/>
						) : (
							t`None`
						)}
					</Detail>
				</DetailList>
				{task.description ? <p className="mt-4 whitespace-pre-line">{task.description}</p> : null}
			</Panel>

			<Panel id="work-heading" title={t`Your work`}>
				{submission.id && submission.file ? (
					<DetailList>
						<Detail term={t`File`}>
							<FileLink
								href={filePath(`submissionId=${encodeURIComponent(submission.id)}`)}
								file={submission.file}
							/>
						</Detail>
						<Detail term={t`Submitted at`}>
							<DateTime iso={submission.submittedAt} timeZone={timeZone} />
						</Detail>
						{submission.comment ? (
							<Detail term={t`Your note`} className="whitespace-pre-line">
								{submission.comment}
							</Detail>
						) : null}
					</DetailList>
				) : (
					<p className="mt-2 text-slate-700">
						<Trans>You have not handed in any work yet.</Trans>
					</p>
				)}
				{submission.gradeInfo ? (
					<div className="mt-4 rounded-md border border-green-300 bg-green-50 p-4">
						<p className="text-lg font-semibold">
							<Trans>Grade: {grade} / 100</Trans>
						</p>
						<p className="mt-1 whitespace-pre-line">
							{feedback ? t`Feedback: ${feedback}` : t`No feedback given.`}
						</p>
						<p className="mt-1 text-sm text-slate-700">
							<Trans>
								Graded <DateTime iso={gradedAt} timeZone={timeZone} />
							</Trans>
						</p>
					</div>
				) : null}
			</Panel>

			{graded ? null : closed ? (
				<p className="text-slate-700">
					<Trans>Submissions for this task are closed.</Trans>
				</p>
			) : (
				<Panel
					id="submit-heading"
					title={submission.id ? t`Resubmit your work` : t`Submit your work`}
				>
					{submission.id ? (
						<p className="mt-1 text-sm text-slate-700">
							<Trans>
								A new file replaces the one you handed in, until your teacher grades it.
							</Trans>
						</p>
					) : null}
					{Date.parse(task.dueDate) < now ? (
						<p className="mt-1 text-sm font-semibold text-red-800">
							<Trans>The due date has passed: work handed in now is marked Late.</Trans>
						</p>
					) : null}
					<div className="mt-4">
						<SubmitWorkForm
							taskId={task.id}
							lastResult={actionData}
							resubmission={submission.id !== null}
						/>
					</div>
				</Panel>
			)}
		</div>
	)
}
