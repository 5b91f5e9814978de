import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/schedule-edit'
import { getSchedule, getScheduleCourses, updateSchedule } from '~/features/schedules/api.server'
import { formatDate } from '~/platform/dates'
import { scheduleFormSchema } from '~/features/schedules/schema'
import { ScheduleFormFields, StatusBadge } from '~/features/schedules/schedule-views'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { needed, settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	const [schedule, courses] = await Promise.all([
		needed(getSchedule(api, params.scheduleId)),
		settle(getScheduleCourses(api)),
	])
	if (schedule.tutorId !== user.id) throw data(null, { status: 403 })
	return { schedule, courses, zone: viewerTimeZone(request).zone }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const submission = parseWithZod(await readForm(request), { schema: scheduleFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const { description, ...rest } = submission.value
	try {
		// A cleared description is sent as null so the stored one is removed.
		await updateSchedule(upstream(context, request), params.scheduleId, {
			...rest,
			description: description ?? null,
		})
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Schedule updated successfully'))
	return redirect(`/teachersdashboard/schedule?week=${submission.value.scheduledDate}`)
}

export function meta() {
	return [{ title: 'Edit session | TutorHub' }]
}

export default function EditSession({ loaderData, actionData }: Route.ComponentProps) {
	const { schedule, courses, zone } = loaderData
	const [form, fields] = useForm({
		id: `edit-session-${schedule.id}`,
		lastResult: actionData,
		defaultValue: {
			courseId: schedule.courseId,
			title: schedule.title,
			description: schedule.description ?? '',
			scheduledDate: schedule.scheduledDate,
			startTime: schedule.startTime,
			duration: String(schedule.duration),
			timeZone: schedule.timeZone,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting()
	// The form needs the session's own course even if the course list failed to load.
	const courseOptions = courses.ok
		? courses.value
		: [{ id: schedule.courseId, title: schedule.courseTitle }]

	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6">
			<div>
				<Link
					to="/teachersdashboard/schedule"
					className="text-sm font-semibold text-indigo-800 underline"
				>
					Back to schedule
				</Link>
				<h1 className="mt-2 text-2xl font-bold">Edit session</h1>
				<p className="mt-1 flex items-center gap-2 text-slate-700">
					{schedule.title}, {formatDate(schedule.startsAt, zone)}{' '}
					<StatusBadge status={schedule.status} />
				</p>
			</div>
			{schedule.status === 'Cancelled' ? (
				// The API refuses too: a cancelled session is final.
				<p role="status" className="rounded-md border border-slate-200 bg-white p-4">
					This session is cancelled, so it cannot be edited.
				</p>
			) : (
				<>
					{!courses.ok ? <LoadError error={courses.error} /> : null}
					<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
						<FormErrors id={form.errorId} errors={form.errors} />
						<ScheduleFormFields
							fields={fields}
							courses={courseOptions}
							timeZone={schedule.timeZone}
						/>
						<div className="flex flex-wrap gap-3">
							<Button disabled={busy}>{busy ? 'Saving…' : 'Save changes'}</Button>
							<Link to="/teachersdashboard/schedule" className={buttonClass('secondary')}>
								Cancel
							</Link>
						</div>
					</Form>
				</>
			)}
		</div>
	)
}
