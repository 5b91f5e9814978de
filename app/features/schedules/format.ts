import { dateFormat, plainSpaces } from '~/platform/dates'

// Spec section 9: dates en-US, times 12-hour, here in the viewer's zone.

/** 'Nov 22 – 28, 2026', 'Nov 29 – Dec 5, 2026', 'Dec 27, 2026 – Jan 2, 2027': built by hand, so
 * that every ICU renders the same text. */
export function formatWeek(startDate: string, lastDate: string): string {
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
	return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** '90 min', '1 h 30 min' */
export function formatDuration(minutes: number): string {
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	return rest ? `${hours} h ${rest} min` : `${hours} h`
}
