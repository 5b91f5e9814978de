import { Trans, useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { formatNumber } from '~/platform/numbers'
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
	const { t } = useLingui()
	const offlineOpen = (mode: 'edit' | 'delete', id: string) => (event: MouseEvent) => {
		if (navigator.onLine) return
		event.preventDefault()
		onOffline(mode, id)
	}
	if (!tasks.length)
		return (
			<p className="text-slate-700">
				<Trans>No tasks yet.</Trans>
			</p>
		)
	return (
		<Table
			label={t`Your tasks`}
			caption={t`Your tasks`}
			captionHidden
			headers={[t`Task`, t`Type`, t`Due`, t`Submitted`, t`Attachment`, t`Actions`]}
		>
			{tasks.map((task) => {
				const title = task.title
				const submitted = formatNumber(task.submissionCount)
				const enrolled = formatNumber(task.enrolledCount)
				return (
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
										? t`Deleted offline: syncs when back online`
										: t`Changed offline: syncs when back online`}
								</span>
							) : null}
						</td>
						<td className="px-4 py-2">{taskTypeLabel(task.taskType)}</td>
						<td className="px-4 py-2">
							<DateTime iso={task.dueDate} timeZone={timeZone} />
						</td>
						<td className="px-4 py-2">
							<Trans>
								{submitted} of {enrolled}
							</Trans>
						</td>
						<td className="px-4 py-2">
							{task.attachment ? (
								<FileLink
									href={`/teachersdashboard/tasks/file?taskId=${encodeURIComponent(task.id)}`}
									file={task.attachment}
								/>
							) : (
								<span className="text-slate-500">
									<Trans>None</Trans>
								</span>
							)}
						</td>
						<td className="px-4 py-2">
							<div className="flex flex-wrap gap-3">
								<TextLink
									to={`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(task.id)}`}
								>
									<Trans>
										Submissions<span className="sr-only"> for {title}</span>
									</Trans>
								</TextLink>
								<TextLink
									to={`${TEACHER_TASKS_PATH}?edit=${encodeURIComponent(task.id)}`}
									onClick={offlineOpen('edit', task.id)}
								>
									<Trans>
										Edit<span className="sr-only"> {title}</span>
									</Trans>
								</TextLink>
								<Link
									className="font-semibold text-red-800 underline"
									to={`${TEACHER_TASKS_PATH}?delete=${encodeURIComponent(task.id)}`}
									onClick={offlineOpen('delete', task.id)}
								>
									<Trans>
										Delete<span className="sr-only"> {title}</span>
									</Trans>
								</Link>
							</div>
						</td>
					</tr>
				)
			})}
		</Table>
	)
}
