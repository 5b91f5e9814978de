import type { SubmissionResult } from '@conform-to/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Form, useSearchParams } from 'react-router'
import { TimeZonePicker } from '~/features/schedules/time-zone'
import { MENU_SEARCH } from '~/platform/course-menu'
import type { offlineFailure } from '~/platform/offline-snapshot'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { Button } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { CourseMenuSearch } from '~/ui/menu-search'
import { OfflineTasksNotice, TaskPageLinks } from './components'
import { applyQueuedTaskChanges, TASKS_OFFLINE_KEY } from './offline'
import { TASK_TYPES } from './schema'
import { CreateTask, DeleteTask, EditTask } from './teacher-forms'
import { TaskTable } from './teacher-task-table'
import type { loadTeacherTasks } from './teacher-tasks.server'

type Loaded = Awaited<ReturnType<typeof loadTeacherTasks>>
/** What the page shows: the server's answer, or offline the list last shown (`savedAt`). */
export type TeacherTasksData =
	| Loaded
	| {
			tasks: Loaded['tasks'] | typeof offlineFailure
			courses: Loaded['courses'] | typeof offlineFailure
			focus: Loaded['focus']
			timeZone: string
			savedAt: number | null
	  }

type LocalFocus = { mode: 'edit' | 'delete'; id: string } | 'closed' | null

/** The teacher's task list page: the create form (or the task being edited or deleted) and the list. */
export function TeacherTasksPage({
	loaderData,
	actionData,
}: {
	loaderData: TeacherTasksData
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { t } = useLingui()
	const [searchParams] = useSearchParams()
	const { queued, queueWhenOffline } = useOfflineQueue(TASKS_OFFLINE_KEY)
	// Offline, Edit and Delete open their forms in place (a navigation would need the server), and
	// a queued change closes the form: the list shows it at once.
	const [localFocus, setLocalFocus] = useState<LocalFocus>(null)
	const queueInPlace = (type: 'UPDATE' | 'DELETE') => (event: FormEvent<HTMLFormElement>) => {
		queueWhenOffline(type)(event)
		if (event.defaultPrevented) setLocalFocus('closed')
	}
	const openOffline = (mode: 'edit' | 'delete', id: string) => setLocalFocus({ mode, id })
	const closeForm = () => setLocalFocus('closed')

	const { tasks, courses, focus, timeZone } = loaderData
	const savedAt = 'savedAt' in loaderData ? loaderData.savedAt : null
	const offlineTask =
		localFocus && localFocus !== 'closed' && tasks.ok
			? tasks.value.tasks.find((task) => task.id === localFocus.id)
			: undefined
	const urlFocus = localFocus === 'closed' ? null : focus
	return (
		<div className="flex flex-col gap-8">
			<div>
				<h1 className="text-2xl font-bold">
					<Trans>Tasks</Trans>
				</h1>
				<TimeZonePicker zone={timeZone} />
			</div>
			<OfflineTasksNotice savedAt={savedAt} timeZone={timeZone} />

			{offlineTask && localFocus !== 'closed' && localFocus?.mode === 'edit' ? (
				<EditTask
					key={`${offlineTask.id}|${timeZone}`}
					task={offlineTask}
					timeZone={timeZone}
					lastResult={undefined}
					onSubmit={queueInPlace('UPDATE')}
					onCancel={closeForm}
				/>
			) : offlineTask ? (
				<DeleteTask
					task={offlineTask}
					lastResult={undefined}
					onSubmit={queueInPlace('DELETE')}
					onCancel={closeForm}
				/>
			) : urlFocus && !urlFocus.task.ok ? (
				<LoadError error={urlFocus.task.error} />
			) : urlFocus?.task.ok && urlFocus.mode === 'edit' ? (
				<EditTask
					key={`${urlFocus.task.value.id}|${timeZone}`}
					task={urlFocus.task.value}
					timeZone={timeZone}
					lastResult={actionData}
					onSubmit={queueInPlace('UPDATE')}
					onCancel={closeForm}
				/>
			) : urlFocus?.task.ok && urlFocus.mode === 'delete' ? (
				<DeleteTask
					task={urlFocus.task.value}
					lastResult={actionData}
					onSubmit={queueInPlace('DELETE')}
					onCancel={closeForm}
				/>
			) : courses.ok ? (
				courses.value.total || searchParams.get(MENU_SEARCH) ? (
					<div className="flex flex-col gap-4">
						<CourseMenuSearch shown={courses.value.courses.length} total={courses.value.total} />
						<CreateTask
							courses={courses.value.courses}
							timeZone={timeZone}
							lastResult={actionData}
						/>
					</div>
				) : (
					<p className="rounded-md border border-slate-200 bg-white p-4">
						<Trans>You have no courses yet. Tasks are set in one of your courses.</Trans>
					</p>
				)
			) : (
				<LoadError error={courses.error} />
			)}

			<section aria-labelledby="task-list-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-end justify-between gap-3">
					<h2 id="task-list-heading" className="text-lg font-semibold">
						<Trans>Your tasks</Trans>
					</h2>
					<Form method="get" className="flex min-w-0 items-end gap-2">
						<label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
							<Trans>Show</Trans>
							<select
								name="taskType"
								defaultValue={searchParams.get('taskType') ?? ''}
								className="rounded-md border border-slate-400 bg-white px-3 py-2"
							>
								<option value="">{t`All types`}</option>
								{TASK_TYPES.map((type) => (
									<option key={type.value} value={type.value}>
										{t(type.label)}
									</option>
								))}
							</select>
						</label>
						<Button variant="secondary">
							<Trans>Filter</Trans>
						</Button>
					</Form>
				</div>
				{tasks.ok ? (
					<>
						<TaskTable
							tasks={applyQueuedTaskChanges(tasks.value.tasks, queued, timeZone)}
							timeZone={timeZone}
							onOffline={openOffline}
						/>
						<TaskPageLinks pagination={tasks.value.pagination} />
					</>
				) : (
					<LoadError error={tasks.error} />
				)}
			</section>
		</div>
	)
}
