import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'
import type { ScheduleRow } from '../schedules/repository.ts'

/** Zones with a VTIMEZONE to send: the rest (UTC, or a zone the table lacks) go out in UTC. */
function zoneFor(zone: string) {
	if (zone === 'UTC' || zone === 'Etc/UTC') return null
	return getVtimezoneComponent(zone) && DateTime.now().setZone(zone).isValid ? zone : null
}

/**
 * The sessions as an RFC 5545 calendar (ical-generator: escaping, 75-octet line folding, CRLF).
 * Each session is one VEVENT whose UID never changes; its SEQUENCE counts the changes and its
 * LAST-MODIFIED and DTSTAMP are the last change, so a subscribed calendar replaces what it holds.
 * Times carry the zone the teacher planned in (TZID, with its VTIMEZONE), and a cancelled session
 * stays in the feed as STATUS:CANCELLED, so calendars strike it out instead of silently losing it.
 */
export function sessionsCalendar(rows: ScheduleRow[], name: string) {
	const calendar = ical({
		name,
		prodId: { company: 'TutorHub', product: 'Sessions', language: 'EN' },
		// Calendar apps that honour it check back hourly.
		ttl: 60 * 60,
		timezone: { name: null, generator: (zone) => getVtimezoneComponent(zone) },
	})
	for (const row of rows) {
		const zone = zoneFor(row.time_zone)
		const at = (instant: Date) => (zone ? DateTime.fromJSDate(instant, { zone }) : instant)
		calendar.createEvent({
			id: `${row.id}@tutorhub`,
			sequence: row.sequence,
			start: at(row.starts_at),
			end: at(row.ends_at),
			timezone: zone,
			stamp: row.updated_at,
			created: row.created_at,
			lastModified: row.updated_at,
			summary: `${row.title} (${row.course_title})`,
			description: row.description,
			status: row.status === 'Cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
		})
	}
	return calendar.toString()
}
