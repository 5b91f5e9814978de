import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { formatDate } from '~/platform/dates'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import { scheduleFormSchema } from './schema'
import { ScheduleFormFields, StatusBadge } from './schedule-views'
import type { loadNewSession, loadSessionToEdit } from './session-form.server'

type ActionData = SubmissionResult<string[]> | undefined

/** A new session: the form, or why there is none (the courses failed to load, or there are none). */
export function NewSessionPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadNewSession>>
	actionData: ActionData
}) {
	const { courses, timeZone, scheduledDate } = loaderData
	const { t } = useLingui()
	return (
		<SessionFormFrame title={t`New session`}>
			{!courses.ok ? (
				<LoadError error={courses.error} />
			) : courses.value.length === 0 ? (
				<p className="text-slate-700">
					<Trans>
						Sessions belong to a course. Create a course first, then schedule its sessions here.
					</Trans>{' '}
					<TextLink to="/teachersdashboard">
						<Trans>Go to the dashboard</Trans>
					</TextLink>
				</p>
			) : (
				<SessionForm
					id="new-session"
					lastResult={actionData}
					defaultValue={{ scheduledDate, timeZone, duration: '60' }}
					courses={courses.value}
					timeZone={timeZone}
					submitLabel={t`Create session`}
					busyLabel={t`Creating…`}
				/>
			)}
		</SessionFormFrame>
	)
}

/** A session's edit form; a cancelled session says it cannot be edited instead. */
export function EditSessionPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadSessionToEdit>>
	actionData: ActionData
}) {
	const { schedule, courses, zone } = loaderData
	const { t } = useLingui()
	const title = schedule.title
	const date = formatDate(schedule.startsAt, zone)
	// The form needs the session's own course even if the course list failed to load.
	const courseOptions = courses.ok
		? courses.value
		: [{ id: schedule.courseId, title: schedule.courseTitle }]
	return (
		<SessionFormFrame
			title={t`Edit session`}
			subtitle={
				<p className="mt-1 flex items-center gap-2 text-slate-700">
					<Trans>
						{title}, {date}
					</Trans>{' '}
					<StatusBadge status={schedule.status} />
				</p>
			}
		>
			{schedule.status === 'Cancelled' ? (
				// The API refuses too: a cancelled session is final.
				<p role="status" className="rounded-md border border-slate-200 bg-white p-4">
					<Trans>This session is cancelled, so it cannot be edited.</Trans>
				</p>
			) : (
				<>
					{!courses.ok ? <LoadError error={courses.error} /> : null}
					<SessionForm
						id={`edit-session-${schedule.id}`}
						lastResult={actionData}
						defaultValue={{
							courseId: schedule.courseId,
							title: schedule.title,
							description: schedule.description ?? '',
							scheduledDate: schedule.scheduledDate,
							startTime: schedule.startTime,
							duration: String(schedule.duration),
							timeZone: schedule.timeZone,
						}}
						courses={courseOptions}
						timeZone={schedule.timeZone}
						submitLabel={t`Save changes`}
						busyLabel={t`Saving…`}
					/>
				</>
			)}
		</SessionFormFrame>
	)
}

function SessionFormFrame({
	title,
	subtitle,
	children,
}: {
	title: string
	subtitle?: ReactNode
	children: ReactNode
}) {
	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6">
			<div>
				<TextLink to="/teachersdashboard/schedule" className="text-sm">
					<Trans>Back to schedule</Trans>
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">{title}</h1>
				{subtitle}
			</div>
			{children}
		</div>
	)
}

/** The create and edit form (one schema in the browser and in the action); it posts without JavaScript too. */
function SessionForm({
	id,
	lastResult,
	defaultValue,
	courses,
	timeZone,
	submitLabel,
	busyLabel,
}: {
	id: string
	lastResult: ActionData
	defaultValue: Partial<Record<keyof z.input<typeof scheduleFormSchema>, string>>
	courses: { id: string; title: string }[]
	timeZone: string
	submitLabel: string
	busyLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting()
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<ScheduleFormFields fields={fields} courses={courses} timeZone={timeZone} />
			<div className="flex flex-wrap gap-3">
				<Button disabled={busy}>{busy ? busyLabel : submitLabel}</Button>
				<Link to="/teachersdashboard/schedule" className={buttonClass('secondary')}>
					<Trans>Cancel</Trans>
				</Link>
			</div>
		</Form>
	)
}
