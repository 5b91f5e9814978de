import { expect, test } from 'vitest'
import {
	activeSchedulesIn,
	firstDayOfWeek,
	nextUpcomingSchedule,
	sessionsByDay,
	statusAt,
	sundayOf,
	todaysSchedules,
	weekOf,
	type TimedSchedule,
	weekAddress,
} from './calendar'

const HOUR = 3_600_000

function session(
	startsAt: string,
	duration: number,
	status = 'Scheduled',
	id = startsAt,
): TimedSchedule & { id: string } {
	return {
		id,
		startsAt: new Date(startsAt).toISOString(),
		endsAt: new Date(Date.parse(startsAt) + duration * 60_000).toISOString(),
		duration,
		status,
	}
}

test('a week runs from Sunday 00:00 to the next Sunday 00:00 in the viewer’s zone', () => {
	const week = weekOf('2026-11-25', 'UTC')
	expect(week.startDate).toBe('2026-11-22')
	expect(week.endDate).toBe('2026-11-29')
	expect(week.start).toBe(Date.parse('2026-11-22T00:00:00Z'))
	expect(week.end).toBe(Date.parse('2026-11-29T00:00:00Z'))
	expect(week.days).toEqual([
		'2026-11-22',
		'2026-11-23',
		'2026-11-24',
		'2026-11-25',
		'2026-11-26',
		'2026-11-27',
		'2026-11-28',
	])
	// A Sunday is its own week's start; a Saturday belongs to the week before.
	expect(sundayOf('2026-11-22')).toBe('2026-11-22')
	expect(sundayOf('2026-11-28')).toBe('2026-11-22')

	const newYork = weekOf('2026-11-25', 'America/New_York')
	expect(newYork.start).toBe(Date.parse('2026-11-22T05:00:00Z'))
})

test('a week that crosses a month and a year', () => {
	const week = weekOf('2026-12-01', 'UTC')
	expect(week.startDate).toBe('2026-11-29')
	expect(week.days.at(-1)).toBe('2026-12-05')
	expect(weekOf('2027-01-01', 'UTC').days).toEqual([
		'2026-12-27',
		'2026-12-28',
		'2026-12-29',
		'2026-12-30',
		'2026-12-31',
		'2027-01-01',
		'2027-01-02',
	])
})

test('a week with a daylight-saving change is 169 or 167 hours long and still Sunday to Sunday', () => {
	// New York falls back on Sunday 1 November 2026: the week's first day has 25 hours.
	const fallBack = weekOf('2026-11-04', 'America/New_York')
	expect(fallBack.start).toBe(Date.parse('2026-11-01T04:00:00Z'))
	expect(fallBack.end).toBe(Date.parse('2026-11-08T05:00:00Z'))
	expect((fallBack.end - fallBack.start) / HOUR).toBe(169)
	// London springs forward on Sunday 29 March 2026, a week that also crosses into April.
	const springForward = weekOf('2026-04-02', 'Europe/London')
	expect(springForward.startDate).toBe('2026-03-29')
	expect(springForward.endDate).toBe('2026-04-05')
	expect(springForward.start).toBe(Date.parse('2026-03-29T00:00:00Z'))
	expect(springForward.end).toBe(Date.parse('2026-04-04T23:00:00Z'))
	expect((springForward.end - springForward.start) / HOUR).toBe(167)
})

test('sessions at the edges of a daylight-saving week fall in the right week and day', () => {
	const zone = 'America/New_York'
	const week = weekOf('2026-11-01', zone)
	const firstMinute = session('2026-11-01T04:00:00Z', 60) // Sun 00:00 EDT
	const lastMinute = session('2026-11-08T04:59:00Z', 30) // Sat 23:59 EST
	const nextWeek = session('2026-11-08T05:00:00Z', 30) // next Sun 00:00 EST
	const before = session('2026-11-01T03:59:00Z', 30) // Sat 23:59 EDT
	const all = [firstMinute, lastMinute, nextWeek, before]
	expect(activeSchedulesIn(all, week)).toEqual([firstMinute, lastMinute])
	const days = sessionsByDay(all, week, zone)
	expect(days[0]).toEqual({ date: '2026-11-01', schedules: [firstMinute] })
	expect(days[6]).toEqual({ date: '2026-11-07', schedules: [lastMinute] })
})

test('today’s list leaves out cancelled sessions and other days', () => {
	const zone = 'America/Los_Angeles'
	const now = Date.parse('2026-11-25T20:00:00Z') // noon in Los Angeles
	const morning = session('2026-11-25T16:00:00Z', 60) // 8:00, already over
	const evening = session('2026-11-26T03:00:00Z', 60) // 19:00 the same local day
	const cancelled = session('2026-11-25T22:00:00Z', 60, 'Cancelled')
	const tomorrow = session('2026-11-26T16:00:00Z', 60)
	const schedules = [evening, tomorrow, cancelled, morning]
	expect(todaysSchedules(schedules, now, zone)).toEqual([morning, evening])
	// The same instant is already tomorrow in UTC.
	expect(todaysSchedules(schedules, Date.parse('2026-11-26T03:30:00Z'), 'UTC')).toEqual([
		evening,
		tomorrow,
	])
})

test('the next upcoming session skips cancelled and completed ones', () => {
	const now = Date.parse('2026-11-25T12:00:00Z')
	const completed = session('2026-11-25T09:00:00Z', 60, 'Completed')
	const endedSinceCached = session('2026-11-25T10:00:00Z', 60) // still 'Scheduled' in an older answer
	const cancelled = session('2026-11-25T13:00:00Z', 60, 'Cancelled')
	const inProgress = session('2026-11-25T11:30:00Z', 60)
	const later = session('2026-11-26T09:00:00Z', 60)
	expect(
		nextUpcomingSchedule([later, cancelled, completed, endedSinceCached, inProgress], now),
	).toBe(inProgress)
	expect(nextUpcomingSchedule([later, cancelled], now)).toBe(later)
	expect(nextUpcomingSchedule([cancelled, completed], now)).toBeNull()
	expect(statusAt(endedSinceCached, now)).toBe('Completed')
	expect(statusAt(cancelled, now)).toBe('Cancelled')
})

test('another week keeps the page’s other query parameters, except those it drops', () => {
	const current = new URLSearchParams('status=Scheduled&page=3&week=2026-11-15')
	expect(weekAddress('/teachersdashboard/schedule', current, '2026-11-22', ['page'])).toBe(
		'/teachersdashboard/schedule?status=Scheduled&week=2026-11-22',
	)
	expect(weekAddress('/studentdashboard/sessions', current, null)).toBe(
		'/studentdashboard/sessions?status=Scheduled&page=3',
	)
	expect(
		weekAddress('/studentdashboard/sessions', new URLSearchParams('week=2026-11-15'), null),
	).toBe('/studentdashboard/sessions')
})

test('the week starts where the page’s language starts it: Sunday in English, Monday in Spanish and French, Saturday in Arabic', () => {
	expect([firstDayOfWeek('en'), firstDayOfWeek('en-XA')]).toEqual([0, 0])
	expect([firstDayOfWeek('es'), firstDayOfWeek('fr'), firstDayOfWeek('ar')]).toEqual([1, 1, 6])
	// Wednesday 25 November 2026.
	expect(weekOf('2026-11-25', 'Europe/Paris', firstDayOfWeek('fr')).days).toEqual([
		'2026-11-23',
		'2026-11-24',
		'2026-11-25',
		'2026-11-26',
		'2026-11-27',
		'2026-11-28',
		'2026-11-29',
	])
	expect(weekOf('2026-11-25', 'Africa/Cairo', firstDayOfWeek('ar')).startDate).toBe('2026-11-21')
	expect(weekOf('2026-11-22', 'UTC', firstDayOfWeek('ar')).startDate).toBe('2026-11-21')
	expect(weekOf('2026-11-22', 'UTC', firstDayOfWeek('fr')).startDate).toBe('2026-11-16')
	expect(weekOf('2026-11-25', 'America/New_York').startDate).toBe('2026-11-22')
})
