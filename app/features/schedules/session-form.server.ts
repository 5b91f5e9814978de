import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { needed, settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import { createSchedule, getSchedule, getScheduleCourses, updateSchedule } from './api.server'
import { scheduleFormSchema, type ScheduleForm } from './schema'
import { viewerTimeZone } from './time-zone.server'
import { dateInZone, isCalendarDate } from './time-zones'

type Context = Readonly<RouterContextProvider>

/** The new-session form: the teacher's courses, and the day asked for (?date=) or today in their zone. */
export async function loadNewSession(context: Context, request: Request) {
	const { zone } = viewerTimeZone(request)
	const date = new URL(request.url).searchParams.get('date') ?? ''
	const courses = await settle(getScheduleCourses(upstream(context, request)))
	return {
		courses,
		timeZone: zone,
		scheduledDate: isCalendarDate(date) ? date : dateInZone(Date.now(), zone),
	}
}

/** The edit form: the teacher's own session (else the 403 page) and the courses it may move to. */
export async function loadSessionToEdit(
	context: Context,
	request: Request,
	teacherId: string,
	scheduleId: string,
) {
	const api = upstream(context, request)
	const [schedule, courses] = await Promise.all([
		needed(getSchedule(api, scheduleId)),
		settle(getScheduleCourses(api)),
	])
	if (schedule.tutorId !== teacherId) throw data(null, { status: 403 })
	return { schedule, courses, zone: viewerTimeZone(request).zone }
}

export function createSession(context: Context, request: Request) {
	return saveSessionForm(context, request, t`Schedule created successfully`, createSchedule)
}

export function updateSession(context: Context, request: Request, scheduleId: string) {
	return saveSessionForm(
		context,
		request,
		t`Schedule updated successfully`,
		// A cleared description is sent as null so the stored one is removed.
		(api, { description, ...rest }) =>
			updateSchedule(api, scheduleId, { ...rest, description: description ?? null }),
	)
}

/** Both forms' action: parse, save, then the toast and the schedule at the session's week. */
async function saveSessionForm(
	context: Context,
	request: Request,
	saved: string,
	save: (api: Upstream, values: ScheduleForm) => Promise<unknown>,
) {
	const submission = parseForm(await readForm(request), { schema: scheduleFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await save(upstream(context, request), submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(saved))
	return redirect(`/teachersdashboard/schedule?week=${submission.value.scheduledDate}`)
}
