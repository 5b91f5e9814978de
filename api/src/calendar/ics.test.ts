import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'
import { expect, test } from 'vitest'
import { longestLine, parseFeed } from '../../test/ical-helpers.ts'
import type { FeedSession } from '../schedules/repository.ts'
import { sessionsCalendar } from './ics.ts'

/** What the feed was written with until issue 28 (ical-generator and luxon), kept as the reference. */
function icalGeneratorCalendar(rows: FeedSession[], name: string) {
	const zoneFor = (zone: string) =>
		zone === 'UTC' || zone === 'Etc/UTC'
			? null
			: getVtimezoneComponent(zone) && DateTime.now().setZone(zone).isValid
				? zone
				: null
	const calendar = ical({
		name,
		prodId: { company: 'TutorHub', product: 'Sessions', language: 'EN' },
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

const wholeSeconds = (instant: Date) =>
	new Date(Math.floor(instant.getTime() / 1000) * 1000).toISOString()

let made = 0
function session(fields: Partial<FeedSession> & Pick<FeedSession, 'time_zone'>): FeedSession {
	made += 1
	const starts = new Date(Date.UTC(2030, 6, 1, 20, 0) + made * 3_600_000)
	return {
		id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
		title: `Session ${made}`,
		description: null,
		starts_at: starts,
		ends_at: new Date(starts.getTime() + 90 * 60_000),
		status: 'Scheduled',
		created_at: new Date('2026-11-20T10:11:12.345Z'),
		updated_at: new Date('2026-11-21T09:08:07.654Z'),
		sequence: made % 3,
		course_title: 'Astronomy',
		...fields,
	}
}

test('the feed is the text ical-generator wrote for the same sessions', () => {
	const sessions = [
		session({
			time_zone: 'Europe/Berlin',
			title: 'Night sky, part 1; the Moon',
			course_title: 'Astronomy, Stars; and "Planets" \\ all',
			description: `Bring binoculars.\r\nWe meet on the roof — 屋上で会いましょう 🔭. ${'Long text '.repeat(12)}`,
		}),
		// The night the clocks go forward in Berlin (01:00 UTC): one before, one after.
		session({
			time_zone: 'Europe/Berlin',
			starts_at: new Date('2030-03-31T00:30:00Z'),
			ends_at: new Date('2030-03-31T01:30:00Z'),
		}),
		session({ time_zone: 'UTC', status: 'Cancelled', description: '' }),
		session({ time_zone: 'Etc/UTC' }),
		session({
			time_zone: 'America/New_York',
			// Across the clocks going back (06:00 UTC); 01:30 that night is ambiguous, in any feed.
			starts_at: new Date('2030-11-03T03:30:00Z'),
			ends_at: new Date('2030-11-03T07:30:00Z'),
		}),
		// Half-hour clock changes, and a zone south of the equator.
		session({
			time_zone: 'Australia/Lord_Howe',
			starts_at: new Date('2030-10-05T15:15:00Z'),
			ends_at: new Date('2030-10-05T15:45:00Z'),
		}),
		session({ time_zone: 'America/St_Johns' }),
		session({ time_zone: 'Asia/Kolkata', title: 'ä'.repeat(80) }),
		// A zone no table knows is written in UTC.
		session({ time_zone: 'Mars/Olympus_Mons' }),
		session({
			time_zone: 'Europe/Berlin',
			starts_at: new Date('2031-01-15T23:59:59.999Z'),
			ends_at: new Date('2031-01-16T00:59:59.999Z'),
		}),
	]
	const name = 'TutorHub: Cal Endar'
	const text = sessionsCalendar(sessions, name)
	expect(text).toBe(icalGeneratorCalendar(sessions, name))
	expect(longestLine(text)).toBeLessThanOrEqual(75)
	const calendar = parseFeed(text)
	expect(calendar.timezones).toEqual([
		'Europe/Berlin',
		'America/New_York',
		'Australia/Lord_Howe',
		'America/St_Johns',
		'Asia/Kolkata',
	])
	// Each instant, read back through the feed's own VTIMEZONEs, is the session's.
	expect(calendar.events.map((event) => [event.start, event.end])).toEqual(
		sessions.map((row) => [wholeSeconds(row.starts_at), wholeSeconds(row.ends_at)]),
	)
})

test('the calendar’s name is written as it is, a line break escaped', () => {
	const calendar = sessionsCalendar([], 'TutorHub: Ana, María; Lee\nBEGIN:VEVENT')
	expect(calendar).toContain('\r\nX-WR-CALNAME:TutorHub: Ana, María; Lee\\nBEGIN:VEVENT\r\n')
	expect(calendar.match(/^BEGIN:VEVENT/gm)).toBeNull()
	expect(parseFeed(calendar).name).toBe('TutorHub: Ana, María; Lee\\nBEGIN:VEVENT')
})
