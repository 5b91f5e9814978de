import { Trans } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { useSubmitting } from '~/ui/use-form'
import { formatDateTime } from '~/platform/dates'
import { TextLink } from '~/ui/text-link'
import type { loadAttendance } from './attendance.server'
import { statusAt } from './calendar'
import { ATTENDANCE_STATUSES } from './schema'
import { sessionWhen, StatusBadge, useStatusName } from './schedule-views'

/** 'recorded Nov 23, 2026, 5:00 PM EST', or 'not recorded yet'. */
function RecordedAt({ at, zone }: { at: string | null | undefined; zone: string }) {
	if (!at) return <Trans>not recorded yet</Trans>
	const when = formatDateTime(at, zone)
	return <Trans>recorded {when}</Trans>
}

/** A session's attendance: a row of choices per student, saved together (works without JavaScript). */
export function AttendancePage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadAttendance>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { schedule, attendance, zone, now } = loaderData
	const busy = useSubmitting()
	const formErrors = actionData?.error?.['']
	const status = statusAt(schedule, now)
	const cancelled = status === 'Cancelled'
	const statusName = useStatusName()
	const title = schedule.title

	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6">
			<div>
				<TextLink to="/teachersdashboard/schedule" className="text-sm">
					<Trans>Back to schedule</Trans>
				</TextLink>
				<h1 className="mt-2 text-2xl font-bold">
					<Trans>Attendance: {title}</Trans>
				</h1>
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
				</div>
			) : null}
			{cancelled ? (
				<p className="rounded-md border border-amber-300 bg-amber-50 p-3">
					<Trans>This session was cancelled, so attendance cannot be recorded.</Trans>
				</p>
			) : null}
			{attendance.length === 0 ? (
				<p className="text-slate-700">
					<Trans>No students are enrolled in this course yet.</Trans>
				</p>
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
								{' · '}
								<RecordedAt at={entry.recordedAt} zone={zone} />
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
										{statusName(option)}
									</label>
								))}
							</div>
						</fieldset>
					))}
					{cancelled ? null : (
						<div className="flex flex-wrap gap-3">
							<Button name="intent" value="save" disabled={busy}>
								{busy ? <Trans>Saving…</Trans> : <Trans>Save attendance</Trans>}
							</Button>
							<Button name="intent" value="all-present" variant="secondary" disabled={busy}>
								<Trans>Mark everyone present</Trans>
							</Button>
						</div>
					)}
				</Form>
			)}
		</div>
	)
}
