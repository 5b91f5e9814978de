import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState, type FormEvent, type MouseEvent } from 'react'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/tasks'
import { createTask, deleteTask, getSubmissions, getTaskCourses, getTasks, updateTask } from '~/features/tasks/api.server'
import { DateTime, FileLink, PageLinks } from '~/features/tasks/components'
import { fromLocalInput, toLocalInput } from '~/features/tasks/dates'
import { timeZoneFormSchema } from '~/features/schedules/schema'
import { browserTimeZone, TimeZonePicker } from '~/features/schedules/time-zone'
import { timeZoneCookie, viewerTimeZone } from '~/features/schedules/time-zone.server'
import { isTimeZone } from '~/features/schedules/time-zones'
import { applyQueuedTaskChanges, TASKS_OFFLINE_KEY, type ShownTask } from '~/features/tasks/offline'
import {
	createTaskSchema,
	FILE_ACCEPT,
	FILE_HINT,
	FILE_TOO_LARGE,
	MAX_FILE_BYTES,
	TASK_TYPES,
	taskTypeLabel,
	teacherTaskActionSchema,
	updateTaskSchema,
	type Task,
} from '~/features/tasks/schema'
import { replyWithUpstreamError } from '~/platform/form.server'
import { readFormWithin } from '~/platform/multipart.server'
import { requireRole, upstream } from '~/platform/request.server'
import { offlineFailure, rememberedOffline } from '~/platform/offline-snapshot'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { useOfflineQueue } from '~/platform/use-offline-queue'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors, inputProps, SelectField, selectProps, TextAreaField, textareaProps, TextField } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { handlesOffline } from '~/platform/offline-forms'
import { TableScroll } from '~/ui/table-scroll'
import { useForm } from '~/ui/use-form'

const PAGE_SIZE = 10
const LIST_PATH = '/teachersdashboard/tasks'

const wholePage = (value: string | null) => {
	const page = Number(value)
	return Number.isInteger(page) && page >= 1 ? page : 1
}

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	const url = new URL(request.url)
	const taskType = TASK_TYPES.some((type) => type.value === url.searchParams.get('taskType'))
		? (url.searchParams.get('taskType') ?? undefined)
		: undefined
	const editId = url.searchParams.get('edit')
	const deleteId = url.searchParams.get('delete')
	const focusId = editId ?? deleteId
	const [tasks, courses, focus] = await Promise.all([
		settle(getTasks(api, { page: wholePage(url.searchParams.get('page')), limit: PAGE_SIZE, taskType })),
		settle(getTaskCourses(api)),
		focusId ? settle(getSubmissions(api, focusId, { limit: 1 }).then((list) => list.taskInfo)) : null,
	])
	return {
		tasks,
		courses,
		focus: focus && { mode: editId ? ('edit' as const) : ('delete' as const), task: focus },
		timeZone: viewerTimeZone(request).zone,
	}
}

/** Offline, the list last shown comes back from local storage; with nothing stored, 'You are offline'. */
export const clientLoader = async ({ serverLoader }: Route.ClientLoaderArgs) => {
	const data = await rememberedOffline('tasks_offline_list_teacher', serverLoader, () => ({
		tasks: offlineFailure,
		courses: offlineFailure,
		focus: null,
		timeZone: browserTimeZone(),
	}))
	// A remembered edit or delete form would need the server to submit; offline they open in place.
	return data.savedAt === null ? data : { ...data, focus: null }
}
clientLoader.hydrate = true as const

/** An oversized body is not parsed at all: the answer names the file field of the form it came from. */
const fileTooLargeReply = (intent: 'create' | 'update'): SubmissionResult<string[]> => ({
	status: 'error',
	initialValue: { intent },
	error: { attachment: [FILE_TOO_LARGE] },
})

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	// Twice the file limit is still parsed, so the answer keeps what was typed; beyond that only the
	// file error comes back. Either way nothing reaches the upstream.
	const { tooLarge, formData } = await readFormWithin(request, 2 * MAX_FILE_BYTES + 1024 * 1024)
	// The edit form posts to the list's `?edit=` address, the create form to the list itself.
	if (tooLarge) return data(fileTooLargeReply(new URL(request.url).searchParams.has('edit') ? 'update' : 'create'), { status: 413 })
	if (formData.get('intent') === 'timezone') {
		const chosen = timeZoneFormSchema.safeParse(Object.fromEntries(formData))
		if (!chosen.success) {
			// Only a tampered post gets here (the picker is a fixed list): refuse it, and say so.
			sendToast(context, { type: 'error', title: 'Choose a time zone from the list', duration: 4000 })
			return data(undefined, { status: 400 })
		}
		return redirect(LIST_PATH, { headers: { 'Set-Cookie': timeZoneCookie(chosen.data.timeZone) } })
	}
	// Dates are read in the zone the form said it uses (its hidden field), else the viewer's.
	const formZone = String(formData.get('timeZone') ?? '')
	const timeZone = isTimeZone(formZone) ? formZone : viewerTimeZone(request).zone
	const submission = parseWithZod(formData, {
		schema: teacherTaskActionSchema.transform((value, ctx) => {
			if (value.intent === 'delete') return value
			const dueDate = fromLocalInput(value.dueDate, timeZone)
			const endDate = value.endDate ? fromLocalInput(value.endDate, timeZone) : null
			if (!dueDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Enter a date and time' })
			if (value.endDate && !endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Enter a date and time' })
			return { ...value, dueDate: dueDate ?? new Date(Number.NaN), endDate }
		}),
	})
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	const task = submission.value
	try {
		if (task.intent === 'create') {
			await createTask(api, {
				courseId: task.courseId,
				title: task.title,
				description: task.description,
				taskType: task.taskType,
				dueDate: task.dueDate,
				endDate: task.endDate,
				attachment: task.attachment,
			})
			sendToast(context, successToast('Task created successfully'))
		} else if (task.intent === 'update') {
			await updateTask(
				api,
				task.taskId,
				{
					title: task.title,
					description: task.description ?? null,
					taskType: task.taskType,
					dueDate: task.dueDate.toISOString(),
					endDate: task.endDate ? task.endDate.toISOString() : null,
					...(task.removeAttachment && { removeAttachment: true }),
				},
				task.attachment,
			)
			sendToast(context, successToast('Task updated successfully'))
		} else {
			await deleteTask(api, task.taskId)
			sendToast(context, successToast('Task deleted successfully'))
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	return redirect(LIST_PATH)
}

export function meta() {
	return [{ title: 'Tasks | TutorHub' }]
}

type LocalFocus = { mode: 'edit' | 'delete'; id: string } | 'closed' | null

export default function TeacherTasks({ loaderData, actionData }: Route.ComponentProps) {
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
	const offlineTask = localFocus && localFocus !== 'closed' && tasks.ok ? tasks.value.tasks.find((task) => task.id === localFocus.id) : undefined
	const urlFocus = localFocus === 'closed' ? null : focus
	return (
		<div className="flex flex-col gap-8">
			<div>
				<h1 className="text-2xl font-bold">Tasks</h1>
				<TimeZonePicker zone={timeZone} />
			</div>
			{savedAt !== null ? (
				<p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
					You are offline. These are your tasks as of {new Date(savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
				</p>
			) : null}

			{offlineTask && localFocus !== 'closed' && localFocus?.mode === 'edit' ? (
				<EditTask key={`${offlineTask.id}|${timeZone}`} task={offlineTask} timeZone={timeZone} lastResult={undefined} onSubmit={queueInPlace('UPDATE')} onCancel={closeForm} />
			) : offlineTask ? (
				<DeleteTask task={offlineTask} lastResult={undefined} onSubmit={queueInPlace('DELETE')} onCancel={closeForm} />
			) : urlFocus && !urlFocus.task.ok ? (
				<LoadError error={urlFocus.task.error} />
			) : urlFocus?.task.ok && urlFocus.mode === 'edit' ? (
				<EditTask key={`${urlFocus.task.value.id}|${timeZone}`} task={urlFocus.task.value} timeZone={timeZone} lastResult={actionData} onSubmit={queueInPlace('UPDATE')} onCancel={closeForm} />
			) : urlFocus?.task.ok && urlFocus.mode === 'delete' ? (
				<DeleteTask task={urlFocus.task.value} lastResult={actionData} onSubmit={queueInPlace('DELETE')} onCancel={closeForm} />
			) : courses.ok ? (
				courses.value.length ? (
					<CreateTask courses={courses.value} timeZone={timeZone} lastResult={actionData} />
				) : (
					<p className="rounded-md border border-slate-200 bg-white p-4">You have no courses yet. Tasks are set in one of your courses.</p>
				)
			) : (
				<LoadError error={courses.error} />
			)}

			<section aria-labelledby="task-list-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-end justify-between gap-3">
					<h2 id="task-list-heading" className="text-lg font-semibold">
						Your tasks
					</h2>
					<Form method="get" className="flex items-end gap-2">
						<label className="flex flex-col gap-1 text-sm font-medium">
							Show
							<select name="taskType" defaultValue={searchParams.get('taskType') ?? ''} className="rounded-md border border-slate-400 bg-white px-3 py-2">
								<option value="">All types</option>
								{TASK_TYPES.map((type) => (
									<option key={type.value} value={type.value}>
										{type.label}
									</option>
								))}
							</select>
						</label>
						<Button variant="secondary">Filter</Button>
					</Form>
				</div>
				{tasks.ok ? (
					<>
						<TaskTable tasks={applyQueuedTaskChanges(tasks.value.tasks, queued, timeZone)} timeZone={timeZone} onOffline={openOffline} />
						<PageLinks page={tasks.value.pagination.currentPage} totalPages={tasks.value.pagination.totalPages} search={searchParams.toString()} label="Task pages" />
					</>
				) : (
					<LoadError error={tasks.error} />
				)}
			</section>
		</div>
	)
}

function TaskTable({ tasks, timeZone, onOffline }: { tasks: ShownTask[]; timeZone: string; onOffline: (mode: 'edit' | 'delete', id: string) => void }) {
	const offlineOpen = (mode: 'edit' | 'delete', id: string) => (event: MouseEvent) => {
		if (navigator.onLine) return
		event.preventDefault()
		onOffline(mode, id)
	}
	if (!tasks.length) return <p className="text-slate-700">No tasks yet.</p>
	return (
		<TableScroll label="Your tasks">
			<table className="w-full text-left text-sm">
				<caption className="sr-only">Your tasks</caption>
				<thead className="bg-slate-100 text-slate-700">
					<tr>
						<th scope="col" className="px-4 py-2">Task</th>
						<th scope="col" className="px-4 py-2">Type</th>
						<th scope="col" className="px-4 py-2">Due</th>
						<th scope="col" className="px-4 py-2">Submitted</th>
						<th scope="col" className="px-4 py-2">Attachment</th>
						<th scope="col" className="px-4 py-2">Actions</th>
					</tr>
				</thead>
				<tbody>
					{tasks.map((task) => (
						<tr key={task.id} className={`border-t border-slate-200 ${task.offline === 'DELETE' ? 'opacity-60' : ''}`}>
							<td className="px-4 py-2">
								<span className={`font-semibold ${task.offline === 'DELETE' ? 'line-through' : ''}`}>{task.title}</span>
								<span className="block text-slate-600">{task.courseTitle}</span>
								{task.offline ? (
									<span className="block text-xs font-semibold text-amber-800">
										{task.offline === 'DELETE' ? 'Deleted offline: syncs when back online' : 'Changed offline: syncs when back online'}
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
									<FileLink href={`/teachersdashboard/tasks/file?taskId=${encodeURIComponent(task.id)}`} file={task.attachment} />
								) : (
									<span className="text-slate-500">None</span>
								)}
							</td>
							<td className="px-4 py-2">
								<div className="flex flex-wrap gap-3">
									<Link className="font-semibold text-indigo-800 underline" to={`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(task.id)}`}>
										Submissions<span className="sr-only"> for {task.title}</span>
									</Link>
									<Link className="font-semibold text-indigo-800 underline" to={`${LIST_PATH}?edit=${encodeURIComponent(task.id)}`} onClick={offlineOpen('edit', task.id)}>
										Edit<span className="sr-only"> {task.title}</span>
									</Link>
									<Link className="font-semibold text-red-800 underline" to={`${LIST_PATH}?delete=${encodeURIComponent(task.id)}`} onClick={offlineOpen('delete', task.id)}>
										Delete<span className="sr-only"> {task.title}</span>
									</Link>
								</div>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroll>
	)
}

type FormProps = { lastResult: SubmissionResult<string[]> | undefined }

const zoneHint = (timeZone: string) => `Time zone: ${timeZone}.`

function CreateTask({ courses, timeZone, lastResult }: FormProps & { courses: { id: string; title: string }[]; timeZone: string }) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'create-task',
		lastResult: lastResult?.initialValue?.intent === 'create' ? lastResult : undefined,
		defaultValue: { courseId: courses.length === 1 ? courses[0]?.id : '', taskType: 'assignment' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createTaskSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
	return (
		<section aria-labelledby="create-task-heading" className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="create-task-heading" className="text-lg font-semibold">
				Create a task
			</h2>
			<Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="create" />
				<input type="hidden" name="timeZone" value={timeZone} />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<SelectField
					label="Course"
					meta={fields.courseId}
					{...selectProps(fields.courseId)}
					options={[{ value: '', label: 'Choose a course' }, ...courses.map((course) => ({ value: course.id, label: course.title }))]}
				/>
				<SelectField label="Task type" meta={fields.taskType} {...selectProps(fields.taskType)} options={TASK_TYPES} />
				<div className="sm:col-span-2">
					<TextField label="Title" meta={fields.title} {...inputProps(fields.title, 'text')} />
				</div>
				<div className="sm:col-span-2">
					<TextAreaField label="Description (optional)" meta={fields.description} {...textareaProps(fields.description)} rows={4} />
				</div>
				<TextField label="Due date" hint={zoneHint(timeZone)} meta={fields.dueDate} {...inputProps(fields.dueDate, 'datetime-local')} />
				<TextField
					label="Closes (optional)"
					hint={`No submissions after this; leave empty to accept late work any time. ${zoneHint(timeZone)}`}
					meta={fields.endDate}
					{...inputProps(fields.endDate, 'datetime-local')}
				/>
				<div className="sm:col-span-2">
					<TextField label="Attachment (optional)" hint={FILE_HINT} meta={fields.attachment} {...inputProps(fields.attachment, 'file')} accept={FILE_ACCEPT} />
				</div>
				<div className="sm:col-span-2">
					<Button disabled={busy}>{busy ? 'Creating task…' : 'Create task'}</Button>
				</div>
			</Form>
		</section>
	)
}

const OFFLINE_FILE = 'You are offline: a new file can only be sent online. Clear the file to save the other changes now.'

type OfflineSubmit = { onSubmit: (event: FormEvent<HTMLFormElement>) => void; onCancel: () => void }

/** Cancel goes back to the list; offline it just closes the form, since the list is already here. */
function CancelLink({ onCancel }: { onCancel: () => void }) {
	return (
		<Link
			to={LIST_PATH}
			className={buttonClass('secondary')}
			onClick={(event) => {
				if (navigator.onLine) return
				event.preventDefault()
				onCancel()
			}}
		>
			Cancel
		</Link>
	)
}

function EditTask({ task, timeZone, lastResult, onSubmit, onCancel }: FormProps & OfflineSubmit & { task: Task; timeZone: string }) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: `edit-task-${task.id}`,
		lastResult: lastResult?.initialValue?.intent === 'update' ? lastResult : undefined,
		defaultValue: {
			title: task.title,
			description: task.description ?? '',
			taskType: task.taskType,
			dueDate: toLocalInput(task.dueDate, timeZone),
			endDate: toLocalInput(task.endDate, timeZone),
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: updateTaskSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update'
	// The offline queue keeps text only: a new file waits until the app is back online.
	const [offlineFile, setOfflineFile] = useState(false)
	const attachmentMeta = {
		id: fields.attachment.id,
		errorId: fields.attachment.errorId,
		errors: offlineFile ? [OFFLINE_FILE] : fields.attachment.errors,
	}
	return (
		<section aria-labelledby="edit-task-heading" className="rounded-lg border border-slate-200 bg-white p-6">
			<h2 id="edit-task-heading" className="text-lg font-semibold">
				Edit “{task.title}”
			</h2>
			<p className="text-sm text-slate-600">{task.courseTitle}</p>
			<Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)} {...handlesOffline} onSubmit={(event) => {
				const file = event.currentTarget.elements.namedItem(fields.attachment.name)
				const withFile = file instanceof HTMLInputElement && Boolean(file.files?.length)
				setOfflineFile(!navigator.onLine && withFile)
				if (!navigator.onLine && withFile) return event.preventDefault()
				onSubmit(event)
				if (!event.defaultPrevented) getFormProps(form).onSubmit?.(event)
			}}>
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="timeZone" value={timeZone} />
				<input type="hidden" name="taskId" value={task.id} />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<div className="sm:col-span-2">
					<TextField label="Title" meta={fields.title} {...inputProps(fields.title, 'text')} />
				</div>
				<SelectField label="Task type" meta={fields.taskType} {...selectProps(fields.taskType)} options={TASK_TYPES} />
				<div className="sm:col-span-2">
					<TextAreaField label="Description (optional)" meta={fields.description} {...textareaProps(fields.description)} rows={4} />
				</div>
				<TextField label="Due date" hint={zoneHint(timeZone)} meta={fields.dueDate} {...inputProps(fields.dueDate, 'datetime-local')} />
				<TextField label="Closes (optional)" hint={zoneHint(timeZone)} meta={fields.endDate} {...inputProps(fields.endDate, 'datetime-local')} />
				<div className="flex flex-col gap-3 sm:col-span-2">
					{task.attachment ? (
						<>
							<p className="text-sm text-slate-800">
								Attachment: <FileLink href={`/teachersdashboard/tasks/file?taskId=${encodeURIComponent(task.id)}`} file={task.attachment} />
							</p>
							<label className="flex items-center gap-2 text-sm font-medium text-slate-800">
								<input type="checkbox" name="removeAttachment" value="on" defaultChecked={fields.removeAttachment.initialValue === 'on'} className="h-4 w-4 accent-indigo-700" />
								Remove the attachment
							</label>
						</>
					) : null}
					<TextField
						label={task.attachment ? 'Replace the attachment with (optional)' : 'Attachment (optional)'}
						hint={FILE_HINT}
						meta={attachmentMeta}
						{...inputProps(fields.attachment, 'file')}
						accept={FILE_ACCEPT}
					/>
				</div>
				<div className="flex gap-3 sm:col-span-2">
					<Button disabled={busy}>{busy ? 'Saving…' : 'Save changes'}</Button>
					<CancelLink onCancel={onCancel} />
				</div>
			</Form>
		</section>
	)
}

function DeleteTask({ task, lastResult, onSubmit, onCancel }: FormProps & OfflineSubmit & { task: Task }) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
	const errors = lastResult?.initialValue?.intent === 'delete' ? lastResult.error?.[''] : undefined
	return (
		<section aria-labelledby="delete-task-heading" className="rounded-lg border border-red-200 bg-red-50 p-6">
			<h2 id="delete-task-heading" className="text-lg font-semibold">
				Delete “{task.title}”?
			</h2>
			<p className="mt-1 text-sm text-slate-800">
				Students will no longer see this task, and its {task.submissionCount} submission{task.submissionCount === 1 ? '' : 's'} will no longer be listed.
			</p>
			<Form method="post" className="mt-4 flex gap-3" {...handlesOffline} onSubmit={onSubmit}>
				<FormErrors id="delete-task-errors" errors={errors ?? undefined} />
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="taskId" value={task.id} />
				<Button variant="danger" disabled={busy}>
					{busy ? 'Deleting…' : 'Delete task'}
				</Button>
				<CancelLink onCancel={onCancel} />
			</Form>
		</section>
	)
}
