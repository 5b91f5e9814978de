import { addDays, dateInZone, startOfDay, weekdayOf } from './time-zones'

/** What the week and day maths needs of a session (the API's Schedule has more). */
export type TimedSchedule = {
	startsAt: string
	endsAt: string
	duration: number
	status: string
}

/** A span of calendar days in one zone: instants from `start` (inclusive) to `end` (exclusive). */
export type DayRange = { startDate: string; endDate: string; start: number; end: number }

export type Week = DayRange & { days: string[] }

/** The Sunday on or before `date`. */
export function sundayOf(date: string): string {
	return addDays(date, -weekdayOf(date))
}

/** The first day of the week on or before `date`; `firstDay` 0 is Sunday, 1 Monday, 6 Saturday. */
export function weekStartOf(date: string, firstDay = 0): string {
	return addDays(date, -((weekdayOf(date) - firstDay + 7) % 7))
}

// Where a language's week starts when the runtime's Intl cannot say (no `weekInfo`).
const fallbackFirstDays: Record<string, number> = { es: 1, fr: 1, ar: 6 }
const firstDays = new Map<string, number>()

/**
 * The first day of the week in a language (0 Sunday … 6 Saturday), from Intl's week data: English
 * as the spec (section 9) keeps Sunday; Spanish and French start on Monday, Arabic on Saturday.
 */
export function firstDayOfWeek(locale: string): number {
	let found = firstDays.get(locale)
	if (found !== undefined) return found
	found =
		locale === 'en' || locale.startsWith('en-')
			? 0
			: (fallbackFirstDays[locale.split('-')[0] ?? ''] ?? 1)
	try {
		const intlLocale = new Intl.Locale(locale) as Intl.Locale & {
			getWeekInfo?: () => { firstDay: number }
			weekInfo?: { firstDay: number }
		}
		const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo
		// Intl counts Monday 1 … Sunday 7.
		if (info && !locale.startsWith('en')) found = info.firstDay % 7
	} catch {
		// An unknown tag: the fallback above.
	}
	firstDays.set(locale, found)
	return found
}

/**
 * Spec section 9: a week runs from Sunday 00:00 to the next Sunday 00:00, in the viewer's zone; in
 * a language whose week starts on another day (`firstDay`), from that day.
 */
export function weekOf(date: string, zone: string, firstDay = 0): Week {
	const startDate = weekStartOf(date, firstDay)
	const endDate = addDays(startDate, 7)
	return {
		startDate,
		endDate,
		start: startOfDay(startDate, zone),
		end: startOfDay(endDate, zone),
		days: Array.from({ length: 7 }, (_, index) => addDays(startDate, index)),
	}
}

export function dayOf(date: string, zone: string): DayRange {
	const endDate = addDays(date, 1)
	return { startDate: date, endDate, start: startOfDay(date, zone), end: startOfDay(endDate, zone) }
}

/**
 * The status at `now`: the API reads a session whose end has passed as Completed, and a list
 * served from the five-minute cache may predate that moment, so the same rule is applied here.
 */
export function statusAt(schedule: TimedSchedule, now: number): string {
	if (schedule.status === 'Scheduled' && Date.parse(schedule.endsAt) <= now) return 'Completed'
	return schedule.status
}

const isCancelled = (schedule: TimedSchedule) => schedule.status === 'Cancelled'

const startsWithin = (schedule: TimedSchedule, range: { start: number; end: number }) => {
	const start = Date.parse(schedule.startsAt)
	return start >= range.start && start < range.end
}

const byStart = <T extends TimedSchedule>(a: T, b: T) =>
	Date.parse(a.startsAt) - Date.parse(b.startsAt)

/** Sessions that start within the range and are not cancelled, earliest first. */
export function activeSchedulesIn<T extends TimedSchedule>(
	schedules: T[],
	range: { start: number; end: number },
): T[] {
	return schedules
		.filter((schedule) => !isCancelled(schedule) && startsWithin(schedule, range))
		.sort(byStart)
}

/** Spec section 4: today's list leaves out Cancelled sessions. */
export function todaysSchedules<T extends TimedSchedule>(
	schedules: T[],
	now: number,
	zone: string,
): T[] {
	return activeSchedulesIn(schedules, dayOf(dateInZone(now, zone), zone))
}

/** Spec section 4: the earliest session that is neither Cancelled nor Completed, or null. */
export function nextUpcomingSchedule<T extends TimedSchedule>(
	schedules: T[],
	now: number,
): T | null {
	const upcoming = schedules
		.filter((schedule) => statusAt(schedule, now) === 'Scheduled')
		.sort(byStart)
	return upcoming[0] ?? null
}

/** The week's days, each with its sessions (cancelled ones included, to be shown as such). */
export function sessionsByDay<T extends TimedSchedule>(schedules: T[], week: Week, zone: string) {
	return week.days.map((date) => ({
		date,
		schedules: schedules
			.filter(
				(schedule) =>
					startsWithin(schedule, week) && dateInZone(Date.parse(schedule.startsAt), zone) === date,
			)
			.sort(byStart),
	}))
}

/**
 * A schedule page's address showing another week (null: the current one), keeping the page's
 * other query parameters except those in `drop`.
 */
export function weekAddress(
	path: string,
	current: URLSearchParams,
	date: string | null,
	drop: string[] = [],
): string {
	const params = new URLSearchParams(current)
	for (const name of drop) params.delete(name)
	if (date) params.set('week', date)
	else params.delete('week')
	const search = params.toString()
	return `${path}${search ? `?${search}` : ''}`
}
