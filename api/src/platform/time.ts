import { DateTime, IANAZone } from 'luxon'

// Calendar dates, wall-clock times and IANA time zones. Zone arithmetic is luxon's (as the calendar
// feed's); the strict date and time formats are the contract's (contract/calendar.ts).

export { isCalendarDate, isClockTime } from '../../../contract/calendar.ts'

export function isTimeZone(zone: string): boolean {
	return zone.length > 0 && zone.length <= 64 && IANAZone.isValidZone(zone)
}

/**
 * The instant that `date` at `time` names in `zone`, or null when that wall-clock time does not
 * exist there (the clocks jumped over it). A time that happens twice (clocks going back) is the
 * first of the two, as the app reads it.
 */
export function zonedInstant(date: string, time: string, zone: string): number | null {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	const [hour, minute] = time.split(':').map(Number) as [number, number]
	const instant = DateTime.fromObject({ year, month, day, hour, minute }, { zone })
	// luxon moves a time the clocks skipped forward past the gap: that time does not exist.
	const same =
		instant.isValid &&
		instant.year === year &&
		instant.month === month &&
		instant.day === day &&
		instant.hour === hour &&
		instant.minute === minute
	if (!same) return null
	const readings = instant.getPossibleOffsets().map((candidate) => candidate.toMillis())
	return Math.min(instant.toMillis(), ...readings)
}
