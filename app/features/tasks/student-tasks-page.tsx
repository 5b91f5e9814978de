import { Trans, useLingui } from '@lingui/react/macro'
import type { offlineFailure } from '~/platform/offline-snapshot'
import { LoadError } from '~/ui/load-error'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { DateTime, OfflineTasksNotice, StatusBadge, TaskPageLinks } from './components'
import { taskTypeLabel, type Task } from './schema'
import { submissionProgress } from './status'
import { formatNumber } from '~/platform/numbers'
import type { loadStudentTasks } from './student-tasks.server'

/** What the page shows: the server's answer, or offline the list last shown (`savedAt`). */
type Loaded = Awaited<ReturnType<typeof loadStudentTasks>>
export type StudentTasksData =
	| Loaded
	| { tasks: Loaded['tasks'] | typeof offlineFailure; timeZone: string; savedAt: number | null }

/** The student's tasks: progress, a page of the list, and offline the list as last seen. */
export function StudentTasksPage({ loaderData }: { loaderData: StudentTasksData }) {
	const { tasks, timeZone } = loaderData
	const savedAt = 'savedAt' in loaderData ? loaderData.savedAt : null
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Your tasks</Trans>
			</h1>
			<OfflineTasksNotice savedAt={savedAt} timeZone={timeZone} />
			{tasks.ok ? (
				<>
					<TaskTable tasks={tasks.value.tasks} timeZone={timeZone} />
					<TaskPageLinks pagination={tasks.value.pagination} />
				</>
			) : (
				<LoadError error={tasks.error} />
			)}
		</div>
	)
}

function TaskTable({ tasks, timeZone }: { tasks: Task[]; timeZone: string }) {
	const { t } = useLingui()
	if (!tasks.length)
		return (
			<p className="text-slate-700">
				<Trans>No tasks yet. Tasks your teachers set in your courses appear here.</Trans>
			</p>
		)
	const progress = submissionProgress(tasks.map((task) => task.submissionStatus))
	const submitted = formatNumber(progress.submitted)
	const pending = formatNumber(progress.pending)
	return (
		<>
			<p className="text-slate-700">
				<Trans>
					{submitted} submitted, {pending} pending
				</Trans>
			</p>
			<Table
				label={t`Your tasks`}
				caption={t`Your tasks`}
				captionHidden
				headers={[t`Task`, t`Type`, t`Due`, t`Status`]}
			>
				{tasks.map((task) => (
					<tr key={task.id} className="border-t border-slate-200">
						<td className="px-4 py-2">
							<TextLink to={`/studentdashboard/task-details?taskId=${encodeURIComponent(task.id)}`}>
								{task.title}
							</TextLink>
							<span className="block text-slate-600">
								{task.courseTitle} · {task.teacherName}
							</span>
						</td>
						<td className="px-4 py-2">{taskTypeLabel(task.taskType)}</td>
						<td className="px-4 py-2">
							<DateTime iso={task.dueDate} timeZone={timeZone} />
						</td>
						<td className="px-4 py-2">
							<StatusBadge status={task.submissionStatus} />
						</td>
					</tr>
				))}
			</Table>
		</>
	)
}
