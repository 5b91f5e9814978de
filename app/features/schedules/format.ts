// Spec section 9: dates en-US, times 12-hour, here in the viewer's zone.

const cache = new Map<string, Intl.DateTimeFormat>()

// ICU versions differ on narrow and thin spaces ('3:00\u202fPM'); plain spaces render the same
// on the server and in every browser, so hydration matches.
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ')

function format(zone: string, options: Intl.DateTimeFormatOptions) {
	const key = `${zone}|${JSON.stringify(options)}`
	let found = cache.get(key)
	if (!found) {
		found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })
		cache.set(key, found)
	}
	return found
}

/** 'Sun, Nov 22, 2026' */
export function formatDate(instant: number | string, zone: string): string {
	const date = new Date(instant)
	return plainSpaces(
		format(zone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
			date,
		),
	)
}

/** '3:00 PM' */
export function formatTime(instant: number | string, zone: string): string {
	return plainSpaces(
		format(zone, { hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(instant)),
	)
}

/** A calendar day given as YYYY-MM-DD: 'Sunday, Nov 22' (its own day, whatever the zone). */
export function formatDay(date: string, style: 'long' | 'short' = 'long'): string {
	return plainSpaces(
		format('UTC', { weekday: style, month: 'short', day: 'numeric' }).format(
			new Date(`${date}T12:00:00Z`),
		),
	)
}

/** 'Nov 22 – 28, 2026', 'Nov 29 – Dec 5, 2026', 'Dec 27, 2026 – Jan 2, 2027': built by hand, so
 * that every ICU renders the same text. */
export function formatWeek(startDate: string, lastDate: string): string {
	const [startYear, startMonth] = startDate.split('-')
	const [lastYear, lastMonth] = lastDate.split('-')
	const monthDay = (date: string) =>
		plainSpaces(
			format('UTC', { month: 'short', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`)),
		)
	const lastDay = String(Number(lastDate.slice(8)))
	if (startYear !== lastYear) {
		return `${monthDay(startDate)}, ${startYear} – ${monthDay(lastDate)}, ${lastYear}`
	}
	const end = startMonth === lastMonth ? lastDay : monthDay(lastDate)
	return `${monthDay(startDate)} – ${end}, ${lastYear}`
}

/** '1.5 hours', '1 hour' */
export function formatHours(hours: number): string {
	const rounded = Math.round(hours * 100) / 100
	return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** '90 min', '1 h 30 min' */
export function formatDuration(minutes: number): string {
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	return rest ? `${hours} h ${rest} min` : `${hours} h`
}

/** 'Nov 22, 3:05 PM' */
export function formatDateTime(instant: number | string, zone: string): string {
	return plainSpaces(
		format(zone, {
			month: 'short',
			day: 'numeric',
			hour: 'numeric',
			minute: '2-digit',
			hour12: true,
		}).format(new Date(instant)),
	)
}
