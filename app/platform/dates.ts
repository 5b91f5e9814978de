// Dates and times as the spec shows them (section 9): en-US, 12-hour times, in the viewer's zone
// (the `tz` cookie, read by the loader, so the server and the browser render the same text). One
// formatter per zone and style is built once and kept.

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The en-US formatter for `zone` with these options, built once. */
export function dateFormat(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${zone}|${JSON.stringify(options)}`
	let found = formatters.get(key)
	if (!found) {
		found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })
		formatters.set(key, found)
	}
	return found
}

/**
 * ICU versions differ on narrow and thin spaces ('3:00\u202fPM'); plain spaces render the same on
 * the server and in every browser, so hydration matches.
 */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ')

type Instant = string | number | Date

const readable = (instant: Instant | null | undefined): Date | null => {
	if (instant === null || instant === undefined || instant === '') return null
	const date = new Date(instant)
	return Number.isNaN(date.getTime()) ? null : date
}

const show = (
	instant: Instant | null | undefined,
	zone: string,
	options: Intl.DateTimeFormatOptions,
) => {
	const date = readable(instant)
	return date ? plainSpaces(dateFormat(zone, options).format(date)) : ''
}

/** 'Nov 23, 2026, 5:00 PM EST': a moment, with the zone's short name; '' for none. */
export const formatDateTime = (instant: Instant | null | undefined, zone: string) =>
	show(instant, zone, {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		hour12: true,
		timeZoneName: 'short',
	})

/** 'Sun, Nov 22, 2026' */
export const formatDate = (instant: Instant, zone: string) =>
	show(instant, zone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })

/** '3:00 PM' */
export const formatTime = (instant: Instant, zone: string) =>
	show(instant, zone, { hour: 'numeric', minute: '2-digit', hour12: true })

/** 'Nov 22, 2026' (medium) or 'November 22, 2026' (long): the day a moment falls on in `zone`. */
export const formatCalendarDate = (
	instant: Instant | null | undefined,
	zone: string,
	style: 'medium' | 'long' = 'medium',
) => show(instant, zone, { dateStyle: style })

/** The zone's short name at that instant ('EST', 'GMT+1'), shown beside times read in it. */
export function zoneName(instant: Instant, zone: string): string {
	const date = readable(instant) ?? new Date()
	const parts = dateFormat(zone, { timeZoneName: 'short' }).formatToParts(date)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone
}

/** A calendar day given as YYYY-MM-DD: 'Sunday, Nov 22' (its own day, whatever the zone). */
export const formatDay = (date: string, style: 'long' | 'short' = 'long') =>
	show(`${date}T12:00:00Z`, 'UTC', { weekday: style, month: 'short', day: 'numeric' })
