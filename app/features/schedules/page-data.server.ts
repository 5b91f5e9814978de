import type { createUpstream } from '~/platform/upstream.server'
import { pageParam } from '~/platform/page-param'
import { settle } from '~/platform/settle.server'
import { getEverySchedule, getSchedules } from './api.server'
import { dayOf, weekOf } from './calendar'
import { SCHEDULE_STATUSES } from './schema'
import { viewerTimeZone } from './time-zone.server'
import { dateInZone, isCalendarDate } from './time-zones'

type Upstream = ReturnType<typeof createUpstream>

const iso = (instant: number) => new Date(instant).toISOString()

/**
 * Everything the teacher's schedule page shows, in four parallel list calls whose filters stay the
 * same all day (so the five-minute cache serves repeats): the viewed week, today, what is still
 * to come, and one page of all sessions. `fresh` is the user's Refresh.
 */
export async function loadTeacherSchedule(api: Upstream, request: Request, { fresh = false } = {}) {
	const url = new URL(request.url)
	const { zone, known } = viewerTimeZone(request)
	const now = Date.now()
	const today = dateInZone(now, zone)
	const weekParam = url.searchParams.get('week') ?? ''
	const week = weekOf(isCalendarDate(weekParam) ? weekParam : today, zone)
	const day = dayOf(today, zone)
	const page = pageParam(url.searchParams)
	const statusParam = url.searchParams.get('status') ?? ''
	const status = (SCHEDULE_STATUSES as readonly string[]).includes(statusParam)
		? statusParam
		: undefined

	const [weekList, todayList, upcoming, list] = await Promise.all([
		settle(getEverySchedule(api, { from: iso(week.start), to: iso(week.end) }, { fresh })),
		settle(getEverySchedule(api, { from: iso(day.start), to: iso(day.end) }, { fresh })),
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
 * The student's sessions page: the viewed week (`?week=`, as the teacher's schedule), today, what
 * comes after today, and the most recent past ones.
 */
export async function loadStudentSessions(api: Upstream, request: Request, { fresh = false } = {}) {
	const { zone, known } = viewerTimeZone(request)
	const now = Date.now()
	const today = dateInZone(now, zone)
	const weekParam = new URL(request.url).searchParams.get('week') ?? ''
	const week = weekOf(isCalendarDate(weekParam) ? weekParam : today, zone)
	const day = dayOf(today, zone)
	const [weekList, todayList, upcoming, past] = await Promise.all([
		settle(getEverySchedule(api, { from: iso(week.start), to: iso(week.end) }, { fresh })),
		settle(getEverySchedule(api, { from: iso(day.start), to: iso(day.end) }, { fresh })),
		settle(getSchedules(api, { from: iso(day.end), limit: 10 }, { fresh })),
		settle(getSchedules(api, { to: iso(day.start), order: 'desc', limit: 10 }, { fresh })),
	])
	return { zone, known, now, today, week, day, weekList, todayList, upcoming, past }
}
