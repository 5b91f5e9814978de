import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/schedule'
import { cancelSchedule, deleteSchedule } from '~/features/schedules/api.server'
import {
	countIn,
	nextUpcomingSchedule,
	sessionsByDay,
	todaysSchedules,
	weekHours,
} from '~/features/schedules/calendar'
import { scheduleActionSchema } from '~/features/schedules/schema'
import {
	NextSession,
	ScheduleActions,
	ScheduleStats,
	ScheduleTable,
	SessionList,
	WeekView,
} from '~/features/schedules/schedule-views'
import { CalendarFeed } from '~/features/schedules/calendar-feed'
import { loadCalendarFeed, resetCalendarLink } from '~/features/schedules/calendar-feed.server'
import { loadTeacherSchedule } from '~/features/schedules/page-data.server'
import { timeZoneCookie } from '~/features/schedules/time-zone.server'
import { TimeZonePicker } from '~/features/schedules/time-zone'
import { addDays } from '~/features/schedules/time-zones'
import { requireRole, upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button, buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { readForm, replyStatus } from '~/platform/form.server'

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	const [page, calendarFeed] = await Promise.all([
		loadTeacherSchedule(api, request),
		loadCalendarFeed(api, request),
	])
	return { ...page, calendarFeed }
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	const submission = parseWithZod(await readForm(request), { schema: scheduleActionSchema })
	if (submission.status !== 'success')
		return data({ error: 'Choose a session and try again' }, { status: 400 })
	const intent = submission.value
	const back = schedulePageUrl(request)
	switch (intent.intent) {
		case 'refresh':
			// The user asked for current data: skip the five-minute cache and keep the new answers.
			await loadTeacherSchedule(api, request, { fresh: true })
			return redirect(back)
		case 'timezone':
			return redirect(back, { headers: { 'Set-Cookie': timeZoneCookie(intent.timeZone) } })
		case 'reset-calendar':
			return resetCalendarLink(api, context, back)
		case 'cancel':
			try {
				await cancelSchedule(api, intent.scheduleId)
			} catch (error) {
				return failed(context, error)
			}
			sendToast(context, successToast('Schedule cancelled successfully'))
			return redirect(back)
		case 'delete':
			try {
				await deleteSchedule(api, intent.scheduleId)
			} catch (error) {
				return failed(context, error)
			}
			sendToast(context, successToast('Schedule deleted successfully'))
			return redirect(back)
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

function failed(context: Route.ActionArgs['context'], error: unknown) {
	if (!(error instanceof UpstreamError)) throw error
	sendToast(context, error.toast)
	const status = replyStatus(error.status)
	return data({ error: error.text }, { status })
}

export function meta() {
	return [{ title: 'Schedule | TutorHub' }]
}

export default function TeacherSchedule({ loaderData, actionData }: Route.ComponentProps) {
	const { zone, now, today, week, day, weekList, todayList, upcoming, list, page, status } =
		loaderData
	const [searchParams] = useSearchParams()
	const failure = [weekList, todayList, upcoming, list].find((result) => !result.ok)

	const weekHref = (date: string | null) => {
		const params = new URLSearchParams(searchParams)
		params.delete('page')
		if (date) params.set('week', date)
		else params.delete('week')
		const search = params.toString()
		return `/teachersdashboard/schedule${search ? `?${search}` : ''}`
	}
	const pageHref = (target: number) => {
		const params = new URLSearchParams(searchParams)
		params.set('page', String(target))
		return `?${params.toString()}`
	}
	const isThisWeek = today >= week.startDate && today < week.endDate
	const weekLabel = isThisWeek ? 'this week' : 'in this week'
	const todays = todayList.ok ? todaysSchedules(todayList.value.schedules, now, zone) : []
	const totalPages = list.ok ? Math.max(1, Math.ceil(list.value.pagination.total / 10)) : 1

	return (
		<div className="flex flex-col gap-8">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold">Schedule</h1>
					<TimeZonePicker zone={zone} />
				</div>
				<div className="flex flex-wrap gap-3">
					<Form method="post">
						<input type="hidden" name="intent" value="refresh" />
						<Button variant="secondary">Refresh</Button>
					</Form>
					<Link to="/teachersdashboard/schedule/new" className={buttonClass()}>
						New session
					</Link>
				</div>
			</div>

			{actionData && 'error' in actionData ? (
				<p
					role="alert"
					className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
				>
					{actionData.error}
				</p>
			) : null}
			{failure && !failure.ok ? <LoadError error={failure.error} /> : null}

			<ScheduleStats
				weekLabel={weekLabel}
				counts={{
					today: todayList.ok ? countIn(todayList.value.schedules, day) : null,
					week: weekList.ok ? countIn(weekList.value.schedules, week) : null,
					hours: weekList.ok ? weekHours(weekList.value.schedules, week) : null,
				}}
			/>

			{upcoming.ok ? (
				<NextSession
					schedule={nextUpcomingSchedule(upcoming.value.schedules, now)}
					zone={zone}
					now={now}
				/>
			) : null}

			<section aria-labelledby="today-heading" className="flex flex-col gap-3">
				<h2 id="today-heading" className="text-lg font-semibold">
					Today’s sessions
				</h2>
				{todayList.ok ? (
					<SessionList
						label="Today’s sessions"
						schedules={todays}
						zone={zone}
						now={now}
						empty="No sessions today."
						actions={(schedule) => <ScheduleActions schedule={schedule} zone={zone} now={now} />}
					/>
				) : (
					<p className="text-slate-700">Today’s sessions could not be loaded.</p>
				)}
			</section>

			{weekList.ok ? (
				<WeekView
					week={week}
					days={sessionsByDay(weekList.value.schedules, week, zone)}
					zone={zone}
					today={today}
					now={now}
					links={{
						previous: weekHref(addDays(week.startDate, -7)),
						current: weekHref(null),
						next: weekHref(addDays(week.startDate, 7)),
					}}
					addHref={(date) => `/teachersdashboard/schedule/new?date=${date}`}
				/>
			) : (
				<p className="text-slate-700">This week could not be loaded.</p>
			)}

			<section aria-labelledby="all-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-end justify-between gap-3">
					<h2 id="all-heading" className="text-lg font-semibold">
						All sessions
					</h2>
					<Form method="get" className="flex items-end gap-2">
						{searchParams.get('week') ? (
							<input type="hidden" name="week" value={searchParams.get('week') ?? ''} />
						) : null}
						<div className="flex flex-col gap-1">
							<label htmlFor="status-filter" className="text-sm font-medium">
								Status
							</label>
							<select
								// Remounted when the filter changes, so the uncontrolled select shows it.
								key={status}
								id="status-filter"
								name="status"
								defaultValue={status}
								className="rounded-md border border-slate-400 bg-white px-3 py-2"
							>
								<option value="">All</option>
								<option value="Scheduled">Scheduled</option>
								<option value="Completed">Completed</option>
								<option value="Cancelled">Cancelled</option>
							</select>
						</div>
						<Button variant="secondary">Filter</Button>
					</Form>
				</div>
				{list.ok ? (
					<>
						<ScheduleTable
							schedules={list.value.schedules}
							total={list.value.pagination.total}
							zone={zone}
							now={now}
						/>
						{totalPages > 1 ? (
							<nav aria-label="Pages" className="flex items-center gap-4 text-sm">
								{page > 1 ? (
									<Link to={pageHref(page - 1)} className="font-semibold text-indigo-800 underline">
										Previous page
									</Link>
								) : null}
								<span>
									Page {page} of {totalPages}
								</span>
								{page < totalPages ? (
									<Link to={pageHref(page + 1)} className="font-semibold text-indigo-800 underline">
										Next page
									</Link>
								) : null}
							</nav>
						) : null}
					</>
				) : (
					<p className="text-slate-700">The session list could not be loaded.</p>
				)}
			</section>

			<CalendarFeed links={loaderData.calendarFeed} />
		</div>
	)
}
