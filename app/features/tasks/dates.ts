import { dateInZone, timeInZone, zonedInstant } from '~/features/schedules/time-zones'

// Dates are shown en-US with 12-hour times (spec section 9), in the viewer's zone (the `tz` cookie,
// read by the loader, so the server and the browser render the same text), with the zone's short
// name beside each time. Dates typed into forms are read in that zone too.

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/** An instant as a `datetime-local` value ('2026-11-23T17:00') on `timeZone`'s wall clock. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
	if (!iso) return ''
	const instant = new Date(iso).getTime()
	if (Number.isNaN(instant)) return ''
	return `${dateInZone(instant, timeZone)}T${timeInZone(instant, timeZone)}`
}

/**
 * A `datetime-local` value read on `timeZone`'s wall clock, as an instant; null when malformed or
 * when the clocks skipped that time there.
 */
export function fromLocalInput(value: string, timeZone: string): Date | null {
	const match = LOCAL_INPUT.exec(value.trim())
	if (!match) return null
	const [, date = '', time = ''] = match
	const instant = zonedInstant(date, time, timeZone)
	return instant === null ? null : new Date(instant)
}
