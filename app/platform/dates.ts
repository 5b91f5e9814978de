// Dates and times as the spec shows them (section 9) in the page's language: en-US with 12-hour
// times in English, each language's own order, words and clock elsewhere (decision 063); always in
// the viewer's zone (the `tz` cookie, read by the loader, so the server and the browser render the
// same text). One formatter per language, zone and style is built once and kept.
import { intlLocale } from './i18n'

/** Every way the app shows a date or time, by name. */
const styles = {
	/** 'Nov 23, 2026, 5:00 PM EST' */
	dateTime: {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZoneName: 'short',
	},
	/** 'Sun, Nov 22, 2026' */
	date: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
	/** '3:00 PM' */
	time: { hour: 'numeric', minute: '2-digit' },
	/** 'Nov 22, 2026' */
	mediumDate: { dateStyle: 'medium' },
	/** 'November 22, 2026' */
	longDate: { dateStyle: 'long' },
	/** 'Nov 22' */
	monthDay: { month: 'short', day: 'numeric' },
	/** 'Sunday, Nov 22' */
	longDay: { weekday: 'long', month: 'short', day: 'numeric' },
	/** 'Sun, Nov 22' */
	shortDay: { weekday: 'short', month: 'short', day: 'numeric' },
	/** 'EST', read with formatToParts */
	zoneName: { timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof styles

// Keyed by language, style, then zone: no key is built per call (long lists format many dates).
const formatters = new Map<string, Map<DateStyle, Map<string, Intl.DateTimeFormat>>>()

/** The page language's formatter for `zone` in this style, built once. */
export function dateFormat(zone: string, style: DateStyle): Intl.DateTimeFormat {
	const locale = intlLocale()
	let byStyle = formatters.get(locale)
	if (!byStyle) formatters.set(locale, (byStyle = new Map()))
	let byZone = byStyle.get(style)
	if (!byZone) byStyle.set(style, (byZone = new Map()))
	let found = byZone.get(zone)
	if (!found) {
		found = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone: zone })
		byZone.set(zone, found)
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

const show = (instant: Instant | null | undefined, zone: string, style: DateStyle) => {
	const date = readable(instant)
	return date ? plainSpaces(dateFormat(zone, style).format(date)) : ''
}

/** 'Nov 23, 2026, 5:00 PM EST': a moment, with the zone's short name; '' for none. */
export const formatDateTime = (instant: Instant | null | undefined, zone: string) =>
	show(instant, zone, 'dateTime')

/** 'Sun, Nov 22, 2026' */
export const formatDate = (instant: Instant, zone: string) => show(instant, zone, 'date')

/** '3:00 PM' */
export const formatTime = (instant: Instant, zone: string) => show(instant, zone, 'time')

/** 'Nov 22, 2026' (medium) or 'November 22, 2026' (long): the day a moment falls on in `zone`. */
export const formatCalendarDate = (
	instant: Instant | null | undefined,
	zone: string,
	style: 'medium' | 'long' = 'medium',
) => show(instant, zone, style === 'long' ? 'longDate' : 'mediumDate')

/** The zone's short name at that instant ('EST', 'GMT+1'), shown beside times read in it. */
export function zoneName(instant: Instant, zone: string): string {
	const date = readable(instant) ?? new Date()
	const parts = dateFormat(zone, 'zoneName').formatToParts(date)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone
}

/** A calendar day given as YYYY-MM-DD: 'Sunday, Nov 22' (its own day, whatever the zone). */
export const formatDay = (date: string, style: 'long' | 'short' = 'long') =>
	show(`${date}T12:00:00Z`, 'UTC', style === 'long' ? 'longDay' : 'shortDay')
