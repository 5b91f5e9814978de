import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import type { FeedSession } from '../schedules/repository.ts'

// Written by hand rather than with ical-generator (issue 28): it took 150–240 ms for 5,000
// sessions in a time zone, reading the zone's VTIMEZONE file from disk and converting with luxon
// once per session. Here each zone is read once per process, its offset is found once per day the
// sessions fall on, and each session is a handful of lines: linear, a few ms for a full feed.
// The text is what ical-generator wrote (ics.test.ts compares the two).

const CRLF = '\r\n'
/** RFC 5545 3.1: content lines are folded at 75 octets, a continuation starting with a space. */
const FOLD_OCTETS = 74
const ASCII = /^[\x20-\x7e]*$/

function fold(line: string) {
	if (line.length <= FOLD_OCTETS && ASCII.test(line)) return line
	let folded = ''
	let octets = 0
	for (const char of line) {
		const code = char.codePointAt(0)!
		const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
		octets += size
		if (octets > FOLD_OCTETS) {
			folded += `${CRLF} `
			octets = size
		}
		folded += char
	}
	return folded
}

const lineBreaks = (value: string) => value.replace(/\r\n|\r|\n/g, '\\n')

/** RFC 5545 3.3.11: a TEXT value's backslashes, semicolons, commas and line breaks escaped. */
const text = (value: string) => lineBreaks(value.replace(/[\\;,]/g, (match) => `\\${match}`))

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'))

/** `20301231T235900`: the date's UTC fields (an ISO string cut up costs four times as much). */
const basicFormat = (date: Date) =>
	`${String(date.getUTCFullYear()).padStart(4, '0')}${TWO_DIGITS[date.getUTCMonth() + 1]}${TWO_DIGITS[date.getUTCDate()]}T${TWO_DIGITS[date.getUTCHours()]}${TWO_DIGITS[date.getUTCMinutes()]}${TWO_DIGITS[date.getUTCSeconds()]}`

const utc = (instant: Date) => `${basicFormat(instant)}Z`

const DAY_MS = 86_400_000

/** A zone the feed names (TZID) and sends as a VTIMEZONE. */
type FeedZone = { name: string; vtimezone: string[]; clock: Intl.DateTimeFormat }

/** Per zone, once per process (a few hundred at most): its VTIMEZONE lines and a clock. */
const zones = new Map<string, FeedZone | null>()

/** The zone a session is written in: null (UTC) for UTC, or a zone without a VTIMEZONE. */
function feedZone(name: string) {
	if (zones.has(name)) return zones.get(name)!
	let zone: FeedZone | null = null
	const vtimezone = name === 'UTC' || name === 'Etc/UTC' ? null : getVtimezoneComponent(name)
	if (vtimezone) {
		try {
			const clock = new Intl.DateTimeFormat('en-US', {
				timeZone: name,
				hourCycle: 'h23',
				year: 'numeric',
				month: 'numeric',
				day: 'numeric',
				hour: 'numeric',
				minute: 'numeric',
				second: 'numeric',
			})
			zone = { name, vtimezone: vtimezone.trim().split(/\r\n|\r|\n/), clock }
		} catch {
			// A zone in the table that this runtime's Intl does not know: written in UTC.
		}
	}
	zones.set(name, zone)
	return zone
}

/** The zone's offset from UTC at an instant, in ms, read from Intl (a few µs: not per session). */
function offsetAt(zone: FeedZone, ms: number) {
	const part: Record<string, number> = {}
	for (const { type, value } of zone.clock.formatToParts(ms)) part[type] = Number(value)
	const wall = Date.UTC(
		part.year!,
		part.month! - 1,
		part.day!,
		part.hour!,
		part.minute!,
		part.second!,
	)
	return wall - Math.floor(ms / 1000) * 1000
}

/**
 * Local wall-clock times in the feed's zones. A zone's offset is read at the start of each UTC
 * day the sessions touch; a day whose offset is the same at both ends has no change of clocks
 * in it (they change at most twice a year), and any instant in it uses that offset. Only an
 * instant on a day the clocks change is read on its own.
 */
function wallClock() {
	// Per zone and UTC day: the day's offset, or null when the clocks change that day.
	const days = new Map<FeedZone, Map<number, number | null>>()
	const steadyOffset = (zone: FeedZone, day: number) => {
		let ofZone = days.get(zone)
		if (!ofZone) days.set(zone, (ofZone = new Map()))
		let offset = ofZone.get(day)
		if (offset === undefined) {
			const start = offsetAt(zone, day * DAY_MS)
			offset = start === offsetAt(zone, (day + 1) * DAY_MS) ? start : null
			ofZone.set(day, offset)
		}
		return offset
	}
	return (zone: FeedZone, instant: Date) => {
		const ms = instant.getTime()
		const offset = steadyOffset(zone, Math.floor(ms / DAY_MS)) ?? offsetAt(zone, ms)
		return basicFormat(new Date(ms + offset))
	}
}

/**
 * The sessions as an RFC 5545 calendar (escaping, 75-octet line folding, CRLF).
 * Each session is one VEVENT whose UID never changes; its SEQUENCE counts the changes and its
 * LAST-MODIFIED and DTSTAMP are the last change, so a subscribed calendar replaces what it holds.
 * Times carry the zone the teacher planned in (TZID, with its VTIMEZONE), and a cancelled session
 * stays in the feed as STATUS:CANCELLED, so calendars strike it out instead of silently losing it.
 */
export function sessionsCalendar(sessions: FeedSession[], name: string, description?: string) {
	const local = wallClock()
	const used = new Set<FeedZone>()
	const events: string[] = []
	for (const session of sessions) {
		const zone = feedZone(session.time_zone)
		if (zone) used.add(zone)
		const at = (property: string, instant: Date) =>
			zone ? `${property};TZID=${zone.name}:${local(zone, instant)}` : `${property}:${utc(instant)}`
		const description =
			session.description === null
				? ''
				: `${fold(`DESCRIPTION:${text(session.description)}`)}${CRLF}`
		events.push(
			`BEGIN:VEVENT${CRLF}UID:${session.id}@tutorhub${CRLF}SEQUENCE:${session.sequence}${CRLF}DTSTAMP:${utc(session.updated_at)}${CRLF}${fold(at('DTSTART', session.starts_at))}${CRLF}${fold(at('DTEND', session.ends_at))}${CRLF}${fold(`SUMMARY:${text(`${session.title} (${session.course_title})`)}`)}${CRLF}${description}STATUS:${session.status === 'Cancelled' ? 'CANCELLED' : 'CONFIRMED'}${CRLF}CREATED:${utc(session.created_at)}${CRLF}LAST-MODIFIED:${utc(session.updated_at)}${CRLF}END:VEVENT`,
		)
	}
	// Written as it is, as before: calendar apps (and ical.js) read X-WR-CALNAME without unescaping
	// a comma; only a line break, which would end the line, is escaped.
	const calendarName = lineBreaks(name)
	return [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//TutorHub//Sessions//EN',
		fold(`NAME:${calendarName}`),
		fold(`X-WR-CALNAME:${calendarName}`),
		// In the owner's language (decision 064): RFC 7986's DESCRIPTION, and Apple's and Google's.
		...(description
			? [fold(`DESCRIPTION:${text(description)}`), fold(`X-WR-CALDESC:${text(description)}`)]
			: []),
		...[...used].flatMap((zone) => zone.vtimezone.map(fold)),
		// Calendar apps that honour it check back hourly.
		'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
		'X-PUBLISHED-TTL:PT1H',
		...events,
		'END:VCALENDAR',
	].join(CRLF)
}
