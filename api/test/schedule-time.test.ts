import { expect, test } from 'vitest'
import { isCalendarDate, isTimeZone, zonedInstant } from '../src/platform/time'

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString())

test('a date and time are read on the zone’s wall clock, through daylight saving changes', () => {
	expect(iso(zonedInstant('2030-06-10', '12:00', 'Asia/Kolkata'))).toBe('2030-06-10T06:30:00.000Z')
	expect(iso(zonedInstant('2030-06-10', '12:00', 'America/New_York'))).toBe(
		'2030-06-10T16:00:00.000Z',
	)
	expect(iso(zonedInstant('2030-01-10', '12:00', 'America/New_York'))).toBe(
		'2030-01-10T17:00:00.000Z',
	)
	// Skipped when the clocks went forward: no such time.
	expect(zonedInstant('2030-03-10', '02:30', 'America/New_York')).toBeNull()
	// Twice when they went back: the first, as the app reads it.
	expect(iso(zonedInstant('2030-11-03', '01:30', 'America/New_York'))).toBe(
		'2030-11-03T05:30:00.000Z',
	)
})

test('time zones and calendar dates are checked strictly', () => {
	expect(isTimeZone('Europe/Paris')).toBe(true)
	expect(isTimeZone('Mars/Base')).toBe(false)
	expect(isTimeZone('')).toBe(false)
	expect(isCalendarDate('2030-02-29')).toBe(false)
	expect(isCalendarDate('2028-02-29')).toBe(true)
})
