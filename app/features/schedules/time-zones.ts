// Calendar dates, wall-clock times and IANA time zones with Intl only. The date and time formats
// are the contract's (contract/calendar.ts, decision 048); the reference API reckons instants with
// its own rules (api/src/schedules/time.ts), and the app imports nothing of it.

export { isCalendarDate, isClockTime } from '../../../contract/calendar.ts'

export function isTimeZone(zone: string): boolean {
	if (!zone || zone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone })
		return true
	} catch {
		return false
	}
}

// The zones offered in pickers: a fixed list, so the server's and the browser's renders match
// (their ICU data may differ). Any valid IANA zone is accepted, and the current one is always offered.
const COMMON_TIME_ZONES = [
	'UTC',
	'Pacific/Honolulu',
	'America/Anchorage',
	'America/Los_Angeles',
	'America/Denver',
	'America/Phoenix',
	'America/Chicago',
	'America/Mexico_City',
	'America/New_York',
	'America/Toronto',
	'America/Bogota',
	'America/Lima',
	'America/Caracas',
	'America/Halifax',
	'America/Santiago',
	'America/Sao_Paulo',
	'America/Argentina/Buenos_Aires',
	'Atlantic/Azores',
	'Europe/London',
	'Europe/Dublin',
	'Europe/Lisbon',
	'Africa/Lagos',
	'Europe/Paris',
	'Europe/Berlin',
	'Europe/Madrid',
	'Europe/Rome',
	'Europe/Warsaw',
	'Africa/Johannesburg',
	'Africa/Cairo',
	'Europe/Athens',
	'Europe/Istanbul',
	'Africa/Nairobi',
	'Europe/Moscow',
	'Asia/Dubai',
	'Asia/Karachi',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Asia/Dhaka',
	'Asia/Bangkok',
	'Asia/Jakarta',
	'Asia/Singapore',
	'Asia/Shanghai',
	'Asia/Hong_Kong',
	'Asia/Manila',
	'Asia/Seoul',
	'Asia/Tokyo',
	'Australia/Perth',
	'Australia/Adelaide',
	'Australia/Sydney',
	'Pacific/Auckland',
] as const

/** The zones to offer, with `current` among them. */
export function timeZoneNames(current?: string): string[] {
	const zones: string[] = [...COMMON_TIME_ZONES]
	return current && !zones.includes(current) ? [current, ...zones] : zones
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(zone: string) {
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

type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>

function wallClock(instant: number, zone: string): WallClock {
	const parts: Record<string, number> = {}
	for (const part of partsFormatter(zone).formatToParts(new Date(instant))) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value)
	}
	return parts as WallClock
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dateInZone(instant: number, zone: string): string {
	const wall = wallClock(instant, zone)
	return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
}

/** The HH:MM wall-clock time of an instant in `zone`. */
export function timeInZone(instant: number, zone: string): string {
	const wall = wallClock(instant, zone)
	return `${pad(wall.hour)}:${pad(wall.minute)}`
}

function offsetMs(instant: number, zone: string) {
	const wall = wallClock(instant, zone)
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
	return asUtc - (instant - (((instant % 1000) + 1000) % 1000))
}

/**
 * The instant that `date` at `time` names in `zone`, or null when that wall-clock time does not
 * exist there (the clocks jumped over it).
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

/** The first instant of a calendar day in `zone` (where midnight is skipped, the first hour that exists). */
export function startOfDay(date: string, zone: string): number {
	for (const time of ['00:00', '00:30', '01:00', '02:00']) {
		const instant = zonedInstant(date, time, zone)
		if (instant !== null) return instant
	}
	// eslint-disable-next-line lingui/no-unlocalized-strings -- a programming error, never shown
	throw new RangeError(`No start of day for ${date} in ${zone}`)
}

export function addDays(date: string, days: number): string {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** 0 for Sunday. */
export function weekdayOf(date: string): number {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}
