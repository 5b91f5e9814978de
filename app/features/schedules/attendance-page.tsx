import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'
import { formatDateTime } from '~/platform/dates'
import { TextLink } from '~/ui/text-link'
import type { loadAttendance } from './attendance.server'
import { statusAt } from './calendar'
import { ATTENDANCE_STATUSES } from './schema'
import { sessionWhen, StatusBadge } from './schedule-views'

/** A session's attendance: a row of choices per student, saved together (works without JavaScript). */
export function AttendancePage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadAttendance>>
	actionData: (SubmissionResult<string[]> & { saved: number }) | undefined
}) {
	const { schedule, attendance, zone, now } = loaderData
	const busy = useSubmitting()
	const formErrors = actionData?.error?.['']
	const status = statusAt(schedule, now)
	const cancelled = status === 'Cancelled'

	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6">
			<div>
				<TextLink to="/teachersdashboard/schedule" className="text-sm">
					Back to schedule
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">Attendance: {schedule.title}</h1>
				<p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
					{schedule.courseTitle} · {sessionWhen(schedule, zone)} <StatusBadge status={status} />
				</p>
			</div>
			{formErrors?.length ? (
				<div
					role="alert"
					className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
				>
					<p>{formErrors.join(' ')}</p>
					{actionData?.saved ? <p>{actionData.saved} other change(s) were saved.</p> : null}
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
