import { expect, test } from 'vitest'
import {
	addDays,
	dateInZone,
	isCalendarDate,
	isClockTime,
	isTimeZone,
	startOfDay,
	timeInZone,
	timeZoneNames,
	weekdayOf,
	zonedInstant,
} from './time-zones'

test('a wall-clock time in a zone names one instant, daylight saving included', () => {
	expect(zonedInstant('2026-07-01', '09:30', 'America/New_York')).toBe(
		Date.parse('2026-07-01T13:30:00Z'),
	)
	expect(zonedInstant('2026-12-01', '09:30', 'America/New_York')).toBe(
		Date.parse('2026-12-01T14:30:00Z'),
	)
	expect(zonedInstant('2026-12-01', '09:30', 'Asia/Kolkata')).toBe(
		Date.parse('2026-12-01T04:00:00Z'),
	)
	expect(zonedInstant('2026-12-01', '09:30', 'UTC')).toBe(Date.parse('2026-12-01T09:30:00Z'))
})

test('a time the clocks skip does not exist; a repeated one is one of its two instants', () => {
	expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')).toBeNull()
	expect(zonedInstant('2026-03-29', '01:30', 'Europe/London')).toBeNull()
	const repeated = zonedInstant('2026-11-01', '01:30', 'America/New_York')
	expect([Date.parse('2026-11-01T05:30:00Z'), Date.parse('2026-11-01T06:30:00Z')]).toContain(
		repeated,
	)
})

test('an instant reads back as its day and time in a zone', () => {
	const instant = Date.parse('2026-11-22T03:15:00Z')
	expect(dateInZone(instant, 'UTC')).toBe('2026-11-22')
	expect(timeInZone(instant, 'UTC')).toBe('03:15')
	expect(dateInZone(instant, 'America/Los_Angeles')).toBe('2026-11-21')
	expect(timeInZone(instant, 'America/Los_Angeles')).toBe('19:15')
})

test('a day starts at the first minute that exists, even where midnight is skipped', () => {
	expect(startOfDay('2026-11-22', 'Europe/Paris')).toBe(Date.parse('2026-11-21T23:00:00Z'))
	// Santiago moves its clocks at midnight: that day starts at 01:00.
	expect(startOfDay('2026-09-06', 'America/Santiago')).toBe(Date.parse('2026-09-06T04:00:00Z'))
})

test('calendar arithmetic crosses months and years', () => {
	expect(addDays('2026-11-29', 7)).toBe('2026-12-06')
	expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
	expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
	expect(weekdayOf('2026-11-22')).toBe(0)
	expect(weekdayOf('2026-11-28')).toBe(6)
})

test('dates, times and zones are checked strictly', () => {
	expect(isCalendarDate('2026-02-28')).toBe(true)
	expect(isCalendarDate('2026-02-29')).toBe(false)
	expect(isCalendarDate('2026-2-3')).toBe(false)
	expect(isCalendarDate('1999-12-31')).toBe(false)
	expect(isClockTime('23:59')).toBe(true)
	expect(isClockTime('24:00')).toBe(false)
	expect(isClockTime('9:00')).toBe(false)
	expect(isTimeZone('America/New_York')).toBe(true)
	expect(isTimeZone('Mars/Olympus')).toBe(false)
	expect(isTimeZone('')).toBe(false)
	expect(timeZoneNames()[0]).toBe('UTC')
	for (const zone of timeZoneNames()) expect(isTimeZone(zone)).toBe(true)
	expect(timeZoneNames('Asia/Yangon')[0]).toBe('Asia/Yangon')
	expect(timeZoneNames('Europe/London').filter((zone) => zone === 'Europe/London')).toHaveLength(1)
})
