import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { cancelSchedule, deleteSchedule } from './api.server'
import { loadCalendarFeed, resetCalendarLink } from './calendar-feed.server'
import { loadTeacherSchedule } from './page-data.server'
import { scheduleActionSchema } from './schema'
import { timeZoneCookie } from './time-zone.server'

type Context = Readonly<RouterContextProvider>

/** The teacher's schedule page: its four session lists and the calendar feed's addresses. */
export async function loadTeacherSchedulePage(context: Context, request: Request) {
	const api = upstream(context, request)
	const [page, calendarFeed] = await Promise.all([
		loadTeacherSchedule(api, request),
		loadCalendarFeed(api, request),
	])
	return { ...page, calendarFeed }
}

/** The schedule page's small forms (one schema over `intent`): refresh, time zone, calendar link, cancel, delete. */
export async function teacherScheduleAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: scheduleActionSchema })
	if (submission.status !== 'success') {
		const formErrors = [t`Choose a session and try again`]
		return data(submission.reply({ formErrors }), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	const back = schedulePageUrl(request)
	try {
		switch (form.intent) {
			case 'refresh':
				// The user asked for current data: skip the five-minute cache and keep the new answers.
				await loadTeacherSchedule(api, request, { fresh: true })
				return redirect(back)
			case 'timezone':
				return redirect(back, { headers: { 'Set-Cookie': timeZoneCookie(form.timeZone) } })
			case 'reset-calendar':
				return resetCalendarLink(api, context, back)
			case 'cancel':
				await cancelSchedule(api, form.scheduleId)
				sendToast(context, successToast(t`Schedule cancelled successfully`))
				return redirect(back)
			case 'delete':
				await deleteSchedule(api, form.scheduleId)
				sendToast(context, successToast(t`Schedule deleted successfully`))
				return redirect(back)
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}

/** Back to the page the form was on: its week, status filter and page (a data request's URL has more). */
function schedulePageUrl(request: Request) {
	const current = new URL(request.url).searchParams
	const kept = new URLSearchParams()
	for (const name of ['week', 'status', 'page']) {
		const value = current.get(name)
		if (value) kept.set(name, value)
	}
	const search = kept.toString()
	return `/teachersdashboard/schedule${search ? `?${search}` : ''}`
}
