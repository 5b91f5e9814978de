// The contract's calendar formats (decision 048): a session's date and start time as the API
// takes them and the app's forms check them before sending. Zones and instants stay each
// program's own (the API reckons with luxon, the app with Intl).

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
