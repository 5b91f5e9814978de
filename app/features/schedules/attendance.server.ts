import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, upstreamErrorReply } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { infoToast, successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getAttendance, recordRegister } from './api.server'
import { attendanceFormSchema } from './schema'
import { viewerTimeZone } from './time-zone.server'

type Context = Readonly<RouterContextProvider>

/** A session's roster with what was recorded for each student. */
export async function loadAttendance(context: Context, request: Request, scheduleId: string) {
	const roster = await needed(getAttendance(upstream(context, request), scheduleId))
	return { ...roster, zone: viewerTimeZone(request).zone, now: Date.now() }
}

/** Saves the statuses that changed (or marks everyone present) in one call: all, or none. */
export async function attendanceAction(context: Context, request: Request, scheduleId: string) {
	const submission = parseForm(await readForm(request), { schema: attendanceFormSchema })
	if (submission.status !== 'success') {
		const formErrors = [t`Choose Present, Absent, Late or Excused for each student`]
		return data(submission.reply({ formErrors }), { status: 400 })
	}
	const api = upstream(context, request)
	const back = `/teachersdashboard/schedule/${scheduleId}/attendance`
	// One call for the register (decision 066); the spec's POST /schedules/{id}/attendance per
	// student stays for other clients.
	const everyone = submission.value.intent === 'all-present'
	const changes = submission.value.attendance.flatMap((entry) => {
		const attendanceStatus = everyone ? 'Present' : entry.attendanceStatus
		return attendanceStatus && attendanceStatus !== entry.previous
			? [{ studentId: entry.studentId, attendanceStatus }]
			: []
	})
	if (!changes.length) {
		sendToast(context, infoToast(t`No attendance changes to save`))
		return redirect(back)
	}
	try {
		await recordRegister(api, scheduleId, changes)
	} catch (error) {
		const { result, status } = upstreamErrorReply(context, submission, error)
		return data(result, { status })
	}
	sendToast(context, successToast(t`Attendance saved`))
	return redirect(back)
}
