import { expect, test } from 'vitest'
import {
	formatCalendarDate,
	formatDate,
	formatDateTime,
	formatDay,
	formatTime,
	zoneName,
} from './dates'

test('a moment reads en-US with a 12-hour time and the zone’s short name', () => {
	expect(formatDateTime('2026-11-23T17:05:00.000Z', 'UTC')).toBe('Nov 23, 2026, 5:05 PM UTC')
	expect(formatDateTime('2026-11-23T00:30:00.000Z', 'UTC')).toBe('Nov 23, 2026, 12:30 AM UTC')
	expect(formatDateTime('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe(
		'Jul 1, 2026, 8:00 AM EDT',
	)
	expect(formatDateTime(Date.UTC(2026, 10, 23, 17), 'Asia/Kolkata')).toBe(
		'Nov 23, 2026, 10:30 PM GMT+5:30',
	)
	expect(formatDateTime(null, 'UTC')).toBe('')
	expect(formatDateTime('not a date', 'UTC')).toBe('')
})

test('dates, times, days and zone names', () => {
	expect(formatDate('2026-11-22T15:00:00.000Z', 'UTC')).toBe('Sun, Nov 22, 2026')
	expect(formatDate('2026-11-22T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mon, Nov 23, 2026')
	expect(formatTime('2026-11-21T15:45:00.000Z', 'UTC')).toBe('3:45 PM')
	expect(formatTime('2026-11-21T09:05:00.000Z', 'UTC')).toBe('9:05 AM')
	expect(formatCalendarDate('2026-11-22T23:30:00.000Z', 'UTC')).toBe('Nov 22, 2026')
	expect(formatCalendarDate('2026-11-22T23:30:00.000Z', 'Asia/Tokyo', 'long')).toBe(
		'November 23, 2026',
	)
	expect(formatCalendarDate(null, 'UTC')).toBe('')
	expect(formatDay('2026-11-22')).toBe('Sunday, Nov 22')
	expect(formatDay('2026-11-22', 'short')).toBe('Sun, Nov 22')
	expect(zoneName('2026-11-23T17:00:00.000Z', 'America/New_York')).toBe('EST')
	expect(zoneName('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('EDT')
})
