// Dates are shown en-US with 12-hour times (spec section 9), in the viewer's zone (the `tz` cookie,
// read by the loader, so the server and the browser render the same text), with the zone's short
// name beside each time. Dates typed into forms are read in that zone too.

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** 'Nov 23, 2026, 5:00 PM UTC' */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
	if (!iso) return ''
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) return ''
	return new Intl.DateTimeFormat('en-US', {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		hour12: true,
		timeZone,
		timeZoneName: 'short',
	}).format(date)
}

function wallClock(date: Date, timeZone: string) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(date)
	const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0)
	return {
		year: part('year'),
		month: part('month'),
		day: part('day'),
		hour: part('hour') % 24,
		minute: part('minute'),
		second: part('second'),
	}
}

/** How far `timeZone`'s wall clock is ahead of UTC at `date`, in ms. */
function zoneOffset(date: Date, timeZone: string) {
	const wall = wallClock(date, timeZone)
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
	return asUtc - Math.floor(date.getTime() / 1000) * 1000
}

/** An instant as a `datetime-local` value ('2026-11-23T17:00') on `timeZone`'s wall clock. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
	if (!iso) return ''
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) return ''
	const wall = wallClock(date, timeZone)
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`
}

/** A `datetime-local` value read on `timeZone`'s wall clock, as an instant; null when malformed. */
export function fromLocalInput(value: string, timeZone: string): Date | null {
	const match = LOCAL_INPUT.exec(value.trim())
	if (!match) return null
	const [, year, month, day, hour, minute] = match.map(Number) as number[]
	const guess = Date.UTC(year!, month! - 1, day!, hour!, minute!)
	const check = new Date(guess)
	if (
		check.getUTCFullYear() !== year ||
		check.getUTCMonth() !== month! - 1 ||
		check.getUTCDate() !== day ||
		hour! > 23 ||
		minute! > 59
	) {
		return null
	}
	// Around a daylight-saving change the offset at the guess may differ from the one at the answer.
	let result = guess - zoneOffset(new Date(guess), timeZone)
	const corrected = guess - zoneOffset(new Date(result), timeZone)
	if (corrected !== result) result = corrected
	return new Date(result)
}
