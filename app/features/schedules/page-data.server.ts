import type { createUpstream } from '~/platform/upstream.server'
import { pageParam } from '~/platform/page-param'
import { i18n } from '~/platform/i18n'
import { settle } from '~/platform/settle.server'
import { getSchedules } from './api.server'
import { dayOf, firstDayOfWeek, weekOf, type DayRange, type Week } from './calendar'
import { SCHEDULE_STATUSES } from './schema'
import { viewerTimeZone } from './time-zone.server'
import { dateInZone, isCalendarDate } from './time-zones'

type Upstream = ReturnType<typeof createUpstream>

const iso = (instant: number) => new Date(instant).toISOString()

/** Sessions in one page of the week view (the most the list call gives at once). */
export const WEEK_PAGE_SIZE = 100
/** Sessions in one page of today's list (spec section 9's default page size). */
export const TODAY_PAGE_SIZE = 10

/**
 * The viewed week and today, each one page at a time (`?weekPage=`, `?todayPage=`) with the
 * totals of the whole week and day for the counts and hours: a busy teacher's week of thousands
 * of sessions is paged with its true total, never cut (issue 28, decision 036).
 */
function loadWeekAndToday(
	api: Upstream,
	params: URLSearchParams,
	{ week, day }: { week: Week; day: DayRange },
	fresh: boolean,
) {
	const span = (range: DayRange, page: number, limit: number) =>
		settle(
			getSchedules(
				api,
				{ from: iso(range.start), to: iso(range.end), page, limit, totals: true },
				{ fresh },
			),
		)
	return Promise.all([
		span(week, pageParam(params, 'weekPage'), WEEK_PAGE_SIZE),
		span(day, pageParam(params, 'todayPage'), TODAY_PAGE_SIZE),
	])
}

/**
 * Everything the teacher's schedule page shows, in four parallel list calls whose filters stay the
 * same all day (so the five-minute cache serves repeats): a page of the viewed week, a page of
 * today, what is still to come, and one page of all sessions. `fresh` is the user's Refresh.
 */
export async function loadTeacherSchedule(api: Upstream, request: Request, { fresh = false } = {}) {
	const url = new URL(request.url)
	const { zone, known } = viewerTimeZone(request)
	const now = Date.now()
	const today = dateInZone(now, zone)
	const weekParam = url.searchParams.get('week') ?? ''
	const week = weekOf(
		isCalendarDate(weekParam) ? weekParam : today,
		zone,
		firstDayOfWeek(i18n.locale),
	)
	const day = dayOf(today, zone)
	const page = pageParam(url.searchParams)
	const statusParam = url.searchParams.get('status') ?? ''
	const status = (SCHEDULE_STATUSES as readonly string[]).includes(statusParam)
		? statusParam
		: undefined

	const [[weekList, todayList], upcoming, list] = await Promise.all([
		loadWeekAndToday(api, url.searchParams, { week, day }, fresh),
		settle(getSchedules(api, { from: iso(day.start), status: 'Scheduled', limit: 10 }, { fresh })),
		settle(getSchedules(api, { order: 'desc', page, limit: 10, status }, { fresh })),
	])
	return {
		zone,
		known,
		now,
		today,
		week,
		day,
		page,
		status: status ?? '',
		weekList,
		todayList,
		upcoming,
		list,
	}
}

/**
 * The student's sessions page: a page of the viewed week (`?week=`, as the teacher's schedule) and
 * of today, the next session, what comes after today, and the most recent past ones.
 */
export async function loadStudentSessions(api: Upstream, request: Request, { fresh = false } = {}) {
	const { zone, known } = viewerTimeZone(request)
	const now = Date.now()
	const today = dateInZone(now, zone)
	const params = new URL(request.url).searchParams
	const weekParam = params.get('week') ?? ''
	const week = weekOf(
		isCalendarDate(weekParam) ? weekParam : today,
		zone,
		firstDayOfWeek(i18n.locale),
	)
	const day = dayOf(today, zone)
	const [[weekList, todayList], remaining, upcoming, past] = await Promise.all([
		loadWeekAndToday(api, params, { week, day }, fresh),
		// The next session: today's still to end, soonest first (the dashboard's call too).
		settle(getSchedules(api, { from: iso(day.start), status: 'Scheduled', limit: 10 }, { fresh })),
		settle(getSchedules(api, { from: iso(day.end), limit: 10 }, { fresh })),
		settle(getSchedules(api, { to: iso(day.start), order: 'desc', limit: 10 }, { fresh })),
	])
	return { zone, known, now, today, week, day, weekList, todayList, remaining, upcoming, past }
}
