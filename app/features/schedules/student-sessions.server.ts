import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { loadCalendarFeed, resetCalendarLink } from './calendar-feed.server'
import { loadStudentSessions } from './page-data.server'
import { studentSessionsActionSchema } from './schema'
import { timeZoneCookie } from './time-zone.server'

type Context = Readonly<RouterContextProvider>

/** The student's sessions page: the week's, today's, upcoming and past lists, and the feed links. */
export async function loadStudentSessionsPage(context: Context, request: Request) {
	const api = upstream(context, request)
	const [page, calendarFeed] = await Promise.all([
		loadStudentSessions(api, request),
		loadCalendarFeed(api, request),
	])
	return { ...page, calendarFeed }
}

/** The page's forms (one schema over `intent`): refresh, the time zone, the calendar link's reset. */
export async function studentSessionsAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: studentSessionsActionSchema })
	if (submission.status !== 'success')
		return data(submission.reply({ formErrors: [t`Choose a time zone from the list`] }), {
			status: 400,
		})
	// Back to the week the form was on (a data request's URL has more).
	const week = new URL(request.url).searchParams.get('week')
	const back = `/studentdashboard/sessions${week ? `?week=${encodeURIComponent(week)}` : ''}`
	switch (submission.value.intent) {
		case 'reset-calendar':
			return resetCalendarLink(upstream(context, request), context, back)
		case 'timezone':
			return redirect(back, {
				headers: { 'Set-Cookie': timeZoneCookie(submission.value.timeZone) },
			})
		case 'refresh':
			// The user asked for current data: skip the five-minute cache and keep the new answers.
			await loadStudentSessions(upstream(context, request), request, { fresh: true })
			return redirect(back)
	}
}
