// Calendar dates, wall-clock times and IANA time zones with Intl only. The app has its own copy
// of the same rules (app/features/schedules/time-zones.ts): the two programs share no code.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** A real calendar day as YYYY-MM-DD, between the years 2000 and 2100. */
export function isCalendarDate(value: string): boolean {
	const match = DATE.exec(value)
	if (!match) return false
	const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
	const date = new Date(Date.UTC(year, month - 1, day))
	return (
		year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	)
}

/** A 24-hour HH:MM time. */
export const isClockTime = (value: string) => TIME.test(value)

export function isTimeZone(zone: string): boolean {
	if (!zone || zone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone })
		return true
	} catch {
		return false
	}
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string) {
	let found = formatters.get(zone)
	if (!found) {
		found = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
		formatters.set(zone, found)
	}
	return found
}

function wallClock(instant: number, zone: string) {
	const parts: Record<string, number> = {}
	for (const part of formatter(zone).formatToParts(new Date(instant))) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value)
	}
	return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

function offsetMs(instant: number, zone: string) {
	const wall = wallClock(instant, zone)
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
	return asUtc - (instant - (((instant % 1000) + 1000) % 1000))
}

/**
 * The instant that `date` at `time` names in `zone`, or null when that wall-clock time does not
 * exist there (the clocks jumped over it). A time that happens twice (clocks going back) is
 * either of the two, consistently for a zone.
 */
export function zonedInstant(date: string, time: string, zone: string): number | null {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	const [hour, minute] = time.split(':').map(Number) as [number, number]
	const wall = Date.UTC(year, month - 1, day, hour, minute)
	let instant = wall - offsetMs(wall, zone)
	instant = wall - offsetMs(instant, zone)
	const check = wallClock(instant, zone)
	const same =
		check.year === year &&
		check.month === month &&
		check.day === day &&
		check.hour === hour &&
		check.minute === minute
	return same ? instant : null
}
