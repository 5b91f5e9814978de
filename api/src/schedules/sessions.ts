import type { Notification, Said } from '../mail/notifications.ts'
import { phrase, type Speaker } from '../platform/i18n.ts'
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
				// Said in the reader's language (decision 072); the date and zone as the teacher gave them.
				msg: phrase(
					'{time} does not exist on {date} in {zone} (the clocks skip it); choose another time',
					{ time, date, zone },
				),
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
	const when = (say: Speaker['say']) =>
		say('{date} at {time} ({zone}), {minutes} minutes', {
			date: session.scheduledDate,
			time: session.startTime,
			zone: session.timeZone,
			minutes: session.duration,
		})
	const names = {
		course: quotedTitle(session.courseTitle),
		session: quotedTitle(session.title),
	}
	const subjects: Record<typeof what, Said> = {
		scheduled: ({ say }) => say('New session in {course}: {session}', names),
		changed: ({ say }) => say('Session changed in {course}: {session}', names),
		cancelled: ({ say }) => say('Session cancelled in {course}: {session}', names),
	}
	const plain = { course: session.courseTitle, session: session.title }
	const lines: Record<typeof what, Said> = {
		scheduled: ({ say }) =>
			say('Your teacher scheduled "{session}" in {course} for {when}.', {
				...plain,
				when: when(say),
			}),
		changed: ({ say }) =>
			say('"{session}" in {course} is now on {when}.', { ...plain, when: when(say) }),
		cancelled: ({ say }) =>
			say('"{session}" in {course}, planned for {when}, is cancelled.', {
				...plain,
				when: when(say),
			}),
	}
	return {
		kind: 'sessions',
		path: '/studentdashboard/sessions',
		subject: subjects[what],
		paragraphs: [lines[what]],
		actionLabel: ({ say }) => say('See your sessions'),
	}
}
