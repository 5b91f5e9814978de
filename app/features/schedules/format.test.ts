import { expect, test } from 'vitest'
import { formatDate, formatDay, formatTime } from '~/platform/dates'
import { formatDuration, formatHours, formatWeek } from './format'

test('dates are en-US and times 12-hour, in the given zone, with plain spaces', () => {
	const instant = '2026-11-22T20:05:00Z'
	expect(formatDate(instant, 'UTC')).toBe('Sun, Nov 22, 2026')
	expect(formatTime(instant, 'UTC')).toBe('8:05 PM')
	expect(formatTime(instant, 'America/New_York')).toBe('3:05 PM')
	expect(formatDate('2026-11-23T02:00:00Z', 'America/Los_Angeles')).toBe('Sun, Nov 22, 2026')
	expect(formatTime('2026-11-23T00:00:00Z', 'UTC')).toBe('12:00 AM')
})

test('days, weeks, hours and durations read naturally', () => {
	expect(formatDay('2026-11-29')).toBe('Sunday, Nov 29')
	expect(formatDay('2026-11-29', 'short')).toBe('Sun, Nov 29')
	expect(formatWeek('2026-11-29', '2026-12-05')).toBe('Nov 29 – Dec 5, 2026')
	expect(formatWeek('2026-11-22', '2026-11-28')).toBe('Nov 22 – 28, 2026')
	expect(formatWeek('2026-12-27', '2027-01-02')).toBe('Dec 27, 2026 – Jan 2, 2027')
	expect(formatHours(1.5)).toBe('1.5 hours')
	expect(formatHours(1)).toBe('1 hour')
	expect(formatHours(50 / 60)).toBe('0.83 hours')
	expect(formatDuration(45)).toBe('45 min')
	expect(formatDuration(90)).toBe('1 h 30 min')
	expect(formatDuration(120)).toBe('2 h')
})
