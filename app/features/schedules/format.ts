import { plural, t } from '@lingui/core/macro'
import { dateFormat, formatCalendarDate, plainSpaces } from '~/platform/dates'
import { intlLocale } from '~/platform/i18n'

// Spec section 9: dates en-US, times 12-hour, here in the viewer's zone.

/** 'Nov 22 – 28, 2026', 'Nov 29 – Dec 5, 2026', 'Dec 27, 2026 – Jan 2, 2027': built by hand, so
 * that every ICU renders the same text. */
export function formatWeek(startDate: string, lastDate: string): string {
	// Other languages: each day in the language's own medium form ('23 nov. 2026 – 29 nov. 2026').
	if (intlLocale() !== 'en-US') {
		const first = formatCalendarDate(`${startDate}T12:00:00Z`, 'UTC')
		const last = formatCalendarDate(`${lastDate}T12:00:00Z`, 'UTC')
		// Read after "Week of": 'du 23 nov. 2026 au 29 nov. 2026'.
		return t`from ${first} to ${last}`
	}
	const [startYear, startMonth] = startDate.split('-')
	const [lastYear, lastMonth] = lastDate.split('-')
	const monthDay = (date: string) =>
		plainSpaces(dateFormat('UTC', 'monthDay').format(new Date(`${date}T12:00:00Z`)))
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
	return plural(rounded, { one: '# hour', other: '# hours' })
}

const units = new Map<string, Intl.NumberFormat>()

/** '45 min', '2 h' in the page's language (Intl's short units). */
function unit(name: 'hour' | 'minute', value: number): string {
	const locale = intlLocale()
	const key = `${locale}|${name}`
	let format = units.get(key)
	if (!format) {
		format = new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' })
		units.set(key, format)
	}
	return plainSpaces(format.format(value))
}

/** '90 min', '1 h 30 min' (en-US writes 'hr', so English keeps the spec's own 'h'). */
export function formatDuration(minutes: number): string {
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	if (intlLocale() !== 'en-US') {
		if (minutes < 60) return unit('minute', minutes)
		return rest ? `${unit('hour', hours)} ${unit('minute', rest)}` : unit('hour', hours)
	}
	/* eslint-disable lingui/no-unlocalized-strings -- English, as the spec writes it */
	if (minutes < 60) return `${minutes} min`
	return rest ? `${hours} h ${rest} min` : `${hours} h`
	/* eslint-enable lingui/no-unlocalized-strings */
}
