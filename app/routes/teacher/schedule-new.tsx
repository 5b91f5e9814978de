import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/schedule-new'
import { createSchedule, getScheduleCourses } from '~/features/schedules/api.server'
import { scheduleFormSchema } from '~/features/schedules/schema'
import { ScheduleFormFields } from '~/features/schedules/schedule-views'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { dateInZone, isCalendarDate } from '~/features/schedules/time-zones'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const { zone } = viewerTimeZone(request)
	const date = new URL(request.url).searchParams.get('date') ?? ''
	const courses = await settle(getScheduleCourses(upstream(context, request)))
	return {
		courses,
		timeZone: zone,
		scheduledDate: isCalendarDate(date) ? date : dateInZone(Date.now(), zone),
	}
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const submission = parseWithZod(await readForm(request), { schema: scheduleFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await createSchedule(upstream(context, request), submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast('Schedule created successfully'))
	return redirect(`/teachersdashboard/schedule?week=${submission.value.scheduledDate}`)
}

export function meta() {
	return [{ title: 'New session | TutorHub' }]
}

export default function NewSession({ loaderData, actionData }: Route.ComponentProps) {
	const { courses, timeZone, scheduledDate } = loaderData
	const [form, fields] = useForm({
		id: 'new-session',
		lastResult: actionData,
		defaultValue: { scheduledDate, timeZone, duration: '60' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting()

	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6">
			<div>
				<Link
					to="/teachersdashboard/schedule"
					className="text-sm font-semibold text-indigo-800 underline"
				>
					Back to schedule
				</Link>
				<h1 className="mt-2 text-2xl font-bold">New session</h1>
			</div>
			{!courses.ok ? (
				<LoadError error={courses.error} />
			) : courses.value.length === 0 ? (
				<p className="text-slate-700">
					Sessions belong to a course. Create a course first, then schedule its sessions here.{' '}
					<Link to="/teachersdashboard" className="font-semibold text-indigo-800 underline">
						Go to the dashboard
					</Link>
				</p>
			) : (
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					<FormErrors id={form.errorId} errors={form.errors} />
					<ScheduleFormFields fields={fields} courses={courses.value} timeZone={timeZone} />
					<div className="flex flex-wrap gap-3">
						<Button disabled={busy}>{busy ? 'Creating…' : 'Create session'}</Button>
						<Link to="/teachersdashboard/schedule" className={buttonClass('secondary')}>
							Cancel
						</Link>
					</div>
				</Form>
			)}
		</div>
	)
}
