import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/schedule-attendance'
import { getAttendance, recordAttendance } from '~/features/schedules/api.server'
import { statusAt } from '~/features/schedules/calendar'
import { formatDateTime } from '~/features/schedules/format'
import { ATTENDANCE_STATUSES, attendanceFormSchema } from '~/features/schedules/schema'
import { sessionWhen, StatusBadge } from '~/features/schedules/schedule-views'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { requireRole, upstream } from '~/platform/request.server'
import { infoToast, successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button } from '~/ui/button'
import { readForm, replyStatus } from '~/platform/form.server'
import { needed } from '~/platform/settle.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const roster = await needed(getAttendance(upstream(context, request), params.scheduleId))
	return { ...roster, zone: viewerTimeZone(request).zone, now: Date.now() }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const submission = parseWithZod(await readForm(request), { schema: attendanceFormSchema })
	if (submission.status !== 'success')
		return data(
			{ error: 'Choose Present, Absent, Late or Excused for each student', saved: 0 },
			{ status: 400 },
		)
	const api = upstream(context, request)
	// One call per student whose status changed (spec: POST /schedules/{id}/attendance), in parallel.
	const everyone = submission.value.intent === 'all-present'
	const changes = submission.value.attendance.flatMap((entry) => {
		const attendanceStatus = everyone ? 'Present' : entry.attendanceStatus
		return attendanceStatus && attendanceStatus !== entry.previous
			? [{ studentId: entry.studentId, attendanceStatus }]
			: []
	})
	if (!changes.length) {
		sendToast(context, infoToast('No attendance changes to save'))
		return redirect(`/teachersdashboard/schedule/${params.scheduleId}/attendance`)
	}
	const results = await Promise.allSettled(
		changes.map((change) => recordAttendance(api, params.scheduleId, change)),
	)
	const failure = results.find((result) => result.status === 'rejected')
	if (failure) {
		if (!(failure.reason instanceof UpstreamError)) throw failure.reason
		sendToast(context, failure.reason.toast)
		const saved = results.length - results.filter((result) => result.status === 'rejected').length
		return data(
			{ error: failure.reason.text, saved },
			{ status: replyStatus(failure.reason.status) },
		)
	}
	sendToast(context, successToast('Attendance saved'))
	return redirect(`/teachersdashboard/schedule/${params.scheduleId}/attendance`)
}

export function meta() {
	return [{ title: 'Attendance | TutorHub' }]
}

export default function Attendance({ loaderData, actionData }: Route.ComponentProps) {
	const { schedule, attendance, zone, now } = loaderData
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const status = statusAt(schedule, now)
	const cancelled = status === 'Cancelled'

	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6">
			<div>
				<Link
					to="/teachersdashboard/schedule"
					className="text-sm font-semibold text-indigo-800 underline"
				>
					Back to schedule
				</Link>
				<h1 className="mt-2 text-2xl font-bold">Attendance: {schedule.title}</h1>
				<p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
					{schedule.courseTitle} · {sessionWhen(schedule, zone)} <StatusBadge status={status} />
				</p>
			</div>
			{actionData && 'error' in actionData ? (
				<div
					role="alert"
					className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
				>
					<p>{actionData.error}</p>
					{actionData.saved ? <p>{actionData.saved} other change(s) were saved.</p> : null}
				</div>
			) : null}
			{cancelled ? (
				<p className="rounded-md border border-amber-300 bg-amber-50 p-3">
					This session was cancelled, so attendance cannot be recorded.
				</p>
			) : null}
			{attendance.length === 0 ? (
				<p className="text-slate-700">No students are enrolled in this course yet.</p>
			) : (
				<Form method="post" className="flex flex-col gap-4">
					{attendance.map((entry, index) => (
						<fieldset
							// A new key once a status is saved: the radios are uncontrolled and must show it.
							key={`${entry.studentId}-${entry.recordedAt ?? 'none'}`}
							disabled={cancelled}
							className="rounded-lg border border-slate-200 bg-white p-4"
						>
							<legend className="px-1 font-semibold">{entry.student.name}</legend>
							<p className="text-sm text-slate-600">
								{entry.student.email}
								{entry.recordedAt
									? ` · recorded ${formatDateTime(entry.recordedAt, zone)}`
									: ' · not recorded yet'}
							</p>
							<input
								type="hidden"
								name={`attendance[${index}].studentId`}
								value={entry.studentId}
							/>
							<input
								type="hidden"
								name={`attendance[${index}].previous`}
								value={entry.attendanceStatus ?? ''}
							/>
							<div className="mt-2 flex flex-wrap gap-4">
								{ATTENDANCE_STATUSES.map((option) => (
									<label key={option} className="flex items-center gap-2">
										<input
											type="radio"
											name={`attendance[${index}].attendanceStatus`}
											value={option}
											defaultChecked={entry.attendanceStatus === option}
											className="h-4 w-4 accent-indigo-700"
										/>
										{option}
									</label>
								))}
							</div>
						</fieldset>
					))}
					{cancelled ? null : (
						<div className="flex flex-wrap gap-3">
							<Button name="intent" value="save" disabled={busy}>
								{busy ? 'Saving…' : 'Save attendance'}
							</Button>
							<Button name="intent" value="all-present" variant="secondary" disabled={busy}>
								Mark everyone present
							</Button>
						</div>
					)}
				</Form>
			)}
		</div>
	)
}
