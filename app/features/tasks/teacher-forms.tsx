import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { handlesOffline } from '~/platform/offline-forms'
import { Button, buttonClass } from '~/ui/button'
import {
	ConformField,
	ConformSelect,
	ConformTextArea,
	FormErrors,
	inputProps,
	TextField,
} from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { FileLink } from './components'
import { toLocalInput } from './dates'
import {
	createTaskSchema,
	FILE_ACCEPT,
	fileHint,
	taskTypeOptions,
	updateTaskSchema,
	type Task,
} from './schema'
import { TEACHER_TASKS_PATH } from './teacher-paths'

// The teacher's task forms: create, edit (replace or remove the attachment; offline, text only)
// and the delete confirmation. Each posts to the task list with its `intent`.

export type FormProps = { lastResult: SubmissionResult<string[]> | undefined }

type TaskFieldsMeta = Record<
	'title' | 'description' | 'taskType' | 'dueDate' | 'endDate',
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata, either form
	FieldMetadata<any>
>

/**
 * The fields the create and edit forms share. The create form starts with its course, beside the
 * type; the edit form (the course is fixed) starts with the title.
 */
function TaskFields({
	fields,
	timeZone,
	course,
	closesHint,
}: {
	fields: TaskFieldsMeta
	timeZone: string
	course?: ReactNode
	closesHint?: string
}) {
	const { t } = useLingui()
	const zoneHint = t`Time zone: ${timeZone}.`
	const taskType = (
		<ConformSelect label={t`Task type`} meta={fields.taskType} options={taskTypeOptions()} />
	)
	const title = (
		<div className="sm:col-span-2">
			<ConformField label={t`Title`} meta={fields.title} />
		</div>
	)
	return (
		<>
			{course ? (
				<>
					{course}
					{taskType}
					{title}
				</>
			) : (
				<>
					{title}
					{taskType}
				</>
			)}
			<div className="sm:col-span-2">
				<ConformTextArea label={t`Description (optional)`} meta={fields.description} rows={4} />
			</div>
			<ConformField
				label={t`Due date`}
				hint={zoneHint}
				meta={fields.dueDate}
				type="datetime-local"
			/>
			<ConformField
				label={t`Closes (optional)`}
				hint={closesHint ? `${closesHint} ${zoneHint}` : zoneHint}
				meta={fields.endDate}
				type="datetime-local"
			/>
		</>
	)
}

export function CreateTask({
	courses,
	timeZone,
	lastResult,
}: FormProps & { courses: { id: string; title: string }[]; timeZone: string }) {
	const [form, fields] = useForm({
		id: 'create-task',
		lastResult: lastResult?.initialValue?.intent === 'create' ? lastResult : undefined,
		defaultValue: { courseId: courses.length === 1 ? courses[0]?.id : '', taskType: 'assignment' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createTaskSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const { t } = useLingui()
	const busy = useSubmitting('create')
	return (
		<section
			aria-labelledby="create-task-heading"
			className="rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="create-task-heading" className="text-lg font-semibold">
				<Trans>Create a task</Trans>
			</h2>
			<Form
				method="post"
				encType="multipart/form-data"
				className="mt-4 grid gap-4 sm:grid-cols-2"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value="create" />
				<input type="hidden" name="timeZone" value={timeZone} />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<TaskFields
					fields={fields}
					timeZone={timeZone}
					course={
						<ConformSelect
							label={t`Course`}
							meta={fields.courseId}
							options={[
								{ value: '', label: t`Choose a course` },
								...courses.map((course) => ({ value: course.id, label: course.title })),
							]}
						/>
					}
					closesHint={t`No submissions after this; leave empty to accept late work any time.`}
				/>
				<div className="sm:col-span-2">
					<ConformField
						label={t`Attachment (optional)`}
						hint={fileHint()}
						meta={fields.attachment}
						type="file"
						accept={FILE_ACCEPT}
					/>
				</div>
				<div className="sm:col-span-2">
					<Button disabled={busy}>{busy ? t`Creating task…` : t`Create task`}</Button>
				</div>
			</Form>
		</section>
	)
}

export type OfflineSubmit = {
	onSubmit: (event: FormEvent<HTMLFormElement>) => void
	onCancel: () => void
}

/** Cancel goes back to the list; offline it just closes the form, since the list is already here. */
function CancelLink({ onCancel }: { onCancel: () => void }) {
	return (
		<Link
			to={TEACHER_TASKS_PATH}
			className={buttonClass('secondary')}
			onClick={(event) => {
				if (navigator.onLine) return
				event.preventDefault()
				onCancel()
			}}
		>
			<Trans>Cancel</Trans>
		</Link>
	)
}

export function EditTask({
	task,
	timeZone,
	lastResult,
	onSubmit,
	onCancel,
}: FormProps & OfflineSubmit & { task: Task; timeZone: string }) {
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
	const { t } = useLingui()
	const title = task.title
	const busy = useSubmitting('update')
	// The offline queue keeps text only: a new file waits until the app is back online.
	const [offlineFile, setOfflineFile] = useState(false)
	const attachmentMeta = {
		id: fields.attachment.id,
		errorId: fields.attachment.errorId,
		errors: offlineFile
			? [
					t`You are offline: a new file can only be sent online. Clear the file to save the other changes now.`,
				]
			: fields.attachment.errors,
	}
	return (
		<section
			aria-labelledby="edit-task-heading"
			className="rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="edit-task-heading" className="text-lg font-semibold">
				<Trans>Edit “{title}”</Trans>
			</h2>
			<p className="text-sm text-slate-600">{task.courseTitle}</p>
			<Form
				method="post"
				encType="multipart/form-data"
				className="mt-4 grid gap-4 sm:grid-cols-2"
				{...getFormProps(form)}
				{...handlesOffline}
				onSubmit={(event) => {
					const file = event.currentTarget.elements.namedItem(fields.attachment.name)
					const withFile = file instanceof HTMLInputElement && Boolean(file.files?.length)
					setOfflineFile(!navigator.onLine && withFile)
					if (!navigator.onLine && withFile) return event.preventDefault()
					onSubmit(event)
					if (!event.defaultPrevented) getFormProps(form).onSubmit?.(event)
				}}
			>
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="timeZone" value={timeZone} />
				<input type="hidden" name="taskId" value={task.id} />
				<div className="sm:col-span-2">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<TaskFields fields={fields} timeZone={timeZone} />
				<div className="flex flex-col gap-3 sm:col-span-2">
					{task.attachment ? (
						<>
							<p className="text-sm text-slate-800">
								<Trans>Attachment:</Trans>{' '}
								<FileLink
									href={`/teachersdashboard/tasks/file?taskId=${encodeURIComponent(task.id)}`}
									file={task.attachment}
								/>
							</p>
							<label className="flex items-center gap-2 text-sm font-medium text-slate-800">
								<input
									type="checkbox"
									name="removeAttachment"
									value="on"
									defaultChecked={fields.removeAttachment.initialValue === 'on'}
									className="h-4 w-4 accent-indigo-700"
								/>
								<Trans>Remove the attachment</Trans>
							</label>
						</>
					) : null}
					<TextField
						label={
							task.attachment ? t`Replace the attachment with (optional)` : t`Attachment (optional)`
						}
						hint={fileHint()}
						meta={attachmentMeta}
						{...inputProps(fields.attachment, 'file')}
						accept={FILE_ACCEPT}
					/>
				</div>
				<div className="flex gap-3 sm:col-span-2">
					<Button disabled={busy}>{busy ? t`Saving…` : t`Save changes`}</Button>
					<CancelLink onCancel={onCancel} />
				</div>
			</Form>
		</section>
	)
}

export function DeleteTask({
	task,
	lastResult,
	onSubmit,
	onCancel,
}: FormProps & OfflineSubmit & { task: Task }) {
	const { t } = useLingui()
	const title = task.title
	const count = task.submissionCount
	const busy = useSubmitting('delete')
	const errors = lastResult?.initialValue?.intent === 'delete' ? lastResult.error?.[''] : undefined
	return (
		<section
			aria-labelledby="delete-task-heading"
			className="rounded-lg border border-red-200 bg-red-50 p-6"
		>
			<h2 id="delete-task-heading" className="text-lg font-semibold">
				<Trans>Delete “{title}”?</Trans>
			</h2>
			<p className="mt-1 text-sm text-slate-800">
				<Plural
					value={count}
					one="Students will no longer see this task, and its # submission will no longer be listed."
					other="Students will no longer see this task, and its # submissions will no longer be listed."
				/>
			</p>
			<Form method="post" className="mt-4 flex gap-3" {...handlesOffline} onSubmit={onSubmit}>
				<FormErrors id="delete-task-errors" errors={errors ?? undefined} />
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="taskId" value={task.id} />
				<Button variant="danger" disabled={busy}>
					{busy ? t`Deleting…` : t`Delete task`}
				</Button>
				<CancelLink onCancel={onCancel} />
			</Form>
		</section>
	)
}
