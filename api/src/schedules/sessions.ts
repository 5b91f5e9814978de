import type { Notification } from '../mail/notifications.ts'
import { validationError } from '../platform/errors.ts'
import type { toSchedule } from './present.ts'
import type { ScheduleTimes } from './repository.ts'
import { zonedInstant } from '../platform/time.ts'
import { quotedTitle } from '../mail/compose.ts'

// A session's times and the mail its students get (moved from schedules/routes.ts, decision 060).

/** The instants of a date, start time and duration in a zone; a time the clocks skip is a 400. */
export function sessionTimes(
	date: string,
	time: string,
	duration: number,
	zone: string,
): ScheduleTimes {
	const start = zonedInstant(date, time, zone)
	if (start === null) {
		throw validationError([
			{
				path: 'startTime',
				msg: `${time} does not exist on ${date} in ${zone} (the clocks skip it); choose another time`,
			},
		])
	}
	return {
		scheduled_date: date,
		start_time: time,
		duration,
		time_zone: zone,
		starts_at: new Date(start),
		ends_at: new Date(start + duration * 60_000),
	}
}

/** The mail to a course's students when one of its sessions is scheduled, changed or cancelled. */
export function sessionNotice(
	what: 'scheduled' | 'changed' | 'cancelled',
	session: ReturnType<typeof toSchedule>,
): Notification {
	const when = `${session.scheduledDate} at ${session.startTime} (${session.timeZone}), ${session.duration} minutes`
	const subjects = {
		scheduled: `New session in ${quotedTitle(session.courseTitle)}: ${quotedTitle(session.title)}`,
		changed: `Session changed in ${quotedTitle(session.courseTitle)}: ${quotedTitle(session.title)}`,
		cancelled: `Session cancelled in ${quotedTitle(session.courseTitle)}: ${quotedTitle(session.title)}`,
	}
	const lines = {
		scheduled: `Your teacher scheduled "${session.title}" in ${session.courseTitle} for ${when}.`,
		changed: `"${session.title}" in ${session.courseTitle} is now on ${when}.`,
		cancelled: `"${session.title}" in ${session.courseTitle}, planned for ${when}, is cancelled.`,
	}
	return {
		kind: 'sessions',
		path: '/studentdashboard/sessions',
		subject: subjects[what],
		paragraphs: [lines[what]],
		actionLabel: 'See your sessions',
	}
}
