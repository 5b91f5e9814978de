import type { MouseEvent } from 'react'
import { Link } from '~/ui/link'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import { DateTime, FileLink } from './components'
import type { ShownTask } from './offline'
import { taskTypeLabel } from './schema'
import { TEACHER_TASKS_PATH } from './teacher-paths'

/** The teacher's task list; offline, Edit and Delete open in place through `onOffline`. */
export function TaskTable({
	tasks,
	timeZone,
	onOffline,
}: {
	tasks: ShownTask[]
	timeZone: string
	onOffline: (mode: 'edit' | 'delete', id: string) => void
}) {
	const offlineOpen = (mode: 'edit' | 'delete', id: string) => (event: MouseEvent) => {
		if (navigator.onLine) return
		event.preventDefault()
		onOffline(mode, id)
	}
	if (!tasks.length) return <p className="text-slate-700">No tasks yet.</p>
	return (
		<Table
			label="Your tasks"
			caption="Your tasks"
			captionHidden
			headers={['Task', 'Type', 'Due', 'Submitted', 'Attachment', 'Actions']}
		>
			{tasks.map((task) => (
				<tr
					key={task.id}
					className={`border-t border-slate-200 ${task.offline === 'DELETE' ? 'opacity-60' : ''}`}
				>
					<td className="px-4 py-2">
						<span className={`font-semibold ${task.offline === 'DELETE' ? 'line-through' : ''}`}>
							{task.title}
						</span>
						<span className="block text-slate-600">{task.courseTitle}</span>
						{task.offline ? (
							<span className="block text-xs font-semibold text-amber-800">
								{task.offline === 'DELETE'
									? 'Deleted offline: syncs when back online'
									: 'Changed offline: syncs when back online'}
							</span>
						) : null}
					</td>
					<td className="px-4 py-2">{taskTypeLabel(task.taskType)}</td>
					<td className="px-4 py-2">
						<DateTime iso={task.dueDate} timeZone={timeZone} />
					</td>
					<td className="px-4 py-2">
						{task.submissionCount} of {task.enrolledCount}
					</td>
					<td className="px-4 py-2">
						{task.attachment ? (
							<FileLink
								href={`/teachersdashboard/tasks/file?taskId=${encodeURIComponent(task.id)}`}
								file={task.attachment}
							/>
						) : (
							<span className="text-slate-500">None</span>
						)}
					</td>
					<td className="px-4 py-2">
						<div className="flex flex-wrap gap-3">
							<TextLink
								to={`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(task.id)}`}
							>
								Submissions<span className="sr-only"> for {task.title}</span>
							</TextLink>
							<TextLink
								to={`${TEACHER_TASKS_PATH}?edit=${encodeURIComponent(task.id)}`}
								onClick={offlineOpen('edit', task.id)}
							>
								Edit<span className="sr-only"> {task.title}</span>
							</TextLink>
							<Link
								className="font-semibold text-red-800 underline"
								to={`${TEACHER_TASKS_PATH}?delete=${encodeURIComponent(task.id)}`}
								onClick={offlineOpen('delete', task.id)}
							>
								Delete<span className="sr-only"> {task.title}</span>
							</Link>
						</div>
					</td>
				</tr>
			))}
		</Table>
	)
}
