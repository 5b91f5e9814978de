import { useSearchParams } from 'react-router'
import type { offlineFailure } from '~/platform/offline-snapshot'
import { LoadError } from '~/ui/load-error'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { DateTime, PageLinks, StatusBadge } from './components'
import { taskTypeLabel, type Task } from './schema'
import { submissionProgress } from './status'
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
	const [searchParams] = useSearchParams()
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Your tasks</h1>
			{savedAt !== null ? (
				<p
					role="status"
					className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
				>
					You are offline. These are your tasks as of{' '}
					{new Date(savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
				</p>
			) : null}
			{tasks.ok ? (
				<>
					<TaskTable tasks={tasks.value.tasks} timeZone={timeZone} />
					<PageLinks
						page={tasks.value.pagination.currentPage}
						totalPages={tasks.value.pagination.totalPages}
						search={searchParams.toString()}
						label="Task pages"
					/>
				</>
			) : (
				<LoadError error={tasks.error} />
			)}
		</div>
	)
}

function TaskTable({ tasks, timeZone }: { tasks: Task[]; timeZone: string }) {
	if (!tasks.length)
		return (
			<p className="text-slate-700">
				No tasks yet. Tasks your teachers set in your courses appear here.
			</p>
		)
	const progress = submissionProgress(tasks.map((task) => task.submissionStatus))
	return (
		<>
			<p className="text-slate-700">
				{progress.submitted} submitted, {progress.pending} pending
			</p>
			<Table
				label="Your tasks"
				caption="Your tasks"
				captionHidden
				headers={['Task', 'Type', 'Due', 'Status']}
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
