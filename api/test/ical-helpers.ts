import ICAL from 'ical.js'

export type FeedEvent = {
	uid: string
	summary: string
	description: string | null
	status: string
	sequence: number
	/** The start and end as instants, read through the feed's own VTIMEZONEs. */
	start: string
	end: string
	/** The zone DTSTART names (TZID), or null for a UTC time. */
	zone: string | null
	lastModified: string
}

/**
 * Parses a feed with ical.js (a full RFC 5545 parser): it throws on malformed text, and each
 * event's local time is turned into an instant through the VTIMEZONE the feed itself sends.
 */
export function parseFeed(text: string) {
	const calendar = new ICAL.Component(ICAL.parse(text))
	for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
		ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone))
	}
	const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
		const event = new ICAL.Event(vevent)
		const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid')
		return {
			uid: event.uid,
			summary: event.summary,
			description: event.description ?? null,
			status: String(vevent.getFirstPropertyValue('status')),
			sequence: event.sequence,
			start: event.startDate.toJSDate().toISOString(),
			end: event.endDate.toJSDate().toISOString(),
			zone: typeof tzid === 'string' ? tzid : null,
			lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time)
				.toJSDate()
				.toISOString(),
		}
	})
	return {
		name: calendar.getFirstPropertyValue('x-wr-calname'),
		description: calendar.getFirstPropertyValue('description'),
		appleDescription: calendar.getFirstPropertyValue('x-wr-caldesc'),
		version: calendar.getFirstPropertyValue('version'),
		timezones: calendar
			.getAllSubcomponents('vtimezone')
			.map((zone) => zone.getFirstPropertyValue('tzid')),
		events,
	}
}

/** RFC 5545 3.1: lines end in CRLF and none is longer than 75 octets. */
export function longestLine(text: string) {
	expectCrlf(text)
	return Math.max(...text.split('\r\n').map((line) => Buffer.byteLength(line)))
}

function expectCrlf(text: string) {
	if (/[^\r]\n/.test(text)) throw new Error('a line ends without CR')
}
