import { DateTime } from 'luxon'
import type { Db } from '../db.ts'
import { quotedTitle } from '../mail/compose.ts'
import {
	notificationMails,
	type MailDeps,
	type Notification,
	type Recipient,
} from '../mail/notifications.ts'
import { mailQueued, queueMails, type QueuedMail } from '../mail/outbox.ts'
import type { ReminderKind } from '../schema.ts'
import { isTimeZone } from '../platform/time.ts'
import {
	claimReminders,
	findTasksDueUnsubmitted,
	findUngradedSubmissions,
	findUpcomingSessions,
	takeSweepLock,
} from './repository.ts'
import { startPeriodic } from '../platform/periodic.ts'

// Reminders (issue 31, decision 038): a student is reminded of a session a day and an hour before
// it, and of a task due within a day they have not submitted; a teacher of submissions ungraded
// for three days. A sweep finds what is due at `now` and gives each reminder once: its row in
// `reminders` (keyed by the event) and its mail are written in one transaction, and one process
// sweeps at a time (a transaction-scoped advisory lock on the shared database).

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const UNGRADED_AFTER = 3 * DAY
// Another process sweeping now: this one leaves it (the next sweep finds whatever is left).
const SWEEP_LOCK = 7_340_031
// Rows per statement: well under PostgreSQL's 65,535 parameters.
const BATCH = 1_000

type Due = {
	kind: ReminderKind
	subjectId: string
	eventAt: Date
	recipient: Recipient & { time_zone: string | null }
	notification: Notification
}

type RecipientRow = Recipient & { time_zone: string | null }

/**
 * An instant in the recipient's zone (else `fallback`), as a reminder writes it: in English as it
 * always did, in another language in that language's words and order (24-hour clock), the zone named.
 */
export function reminderTime(at: Date, zone: string | null, fallback = 'UTC', language = 'en') {
	const shown = zone && isTimeZone(zone) ? zone : fallback
	const time = DateTime.fromJSDate(at, { zone: shown })
	const written =
		language === 'en'
			? time.toFormat("cccc d LLLL yyyy 'at' HH:mm")
			: time.setLocale(language).toLocaleString({
					weekday: 'long',
					day: 'numeric',
					month: 'long',
					year: 'numeric',
					hour: '2-digit',
					minute: '2-digit',
					hourCycle: 'h23',
				})
	return `${written} (${shown})`
}

async function sessionsDue(db: Db, now: Date): Promise<Due[]> {
	const rows = await findUpcomingSessions(db, now, {
		hourAhead: new Date(now.getTime() + HOUR),
		dayAhead: new Date(now.getTime() + DAY),
	})
	return rows.map((row) => {
		const kind: ReminderKind =
			row.starts_at.getTime() - now.getTime() <= HOUR ? 'session_hour' : 'session_day'
		const title = quotedTitle(row.title)
		return {
			kind,
			subjectId: row.session_id,
			eventAt: row.starts_at,
			recipient: recipientOf(row),
			notification: {
				kind: 'sessionReminders',
				path: '/studentdashboard/sessions',
				subject: ({ say }) =>
					kind === 'session_hour'
						? say('Reminder: {title} starts within the hour', { title })
						: say('Reminder: {title} starts tomorrow', { title }),
				paragraphs: [
					({ say, language }) =>
						say('"{title}" in {course} starts on {when}.', {
							title: row.title,
							course: row.course_title,
							when: reminderTime(row.starts_at, row.time_zone, row.session_zone, language),
						}),
				],
				actionLabel: ({ say }) => say('See your sessions'),
			},
		}
	})
}

async function tasksDue(db: Db, now: Date): Promise<Due[]> {
	const rows = await findTasksDueUnsubmitted(db, now, new Date(now.getTime() + DAY))
	return rows.map((row) => ({
		kind: 'task_due',
		subjectId: row.task_id,
		eventAt: row.due_date,
		recipient: recipientOf(row),
		notification: {
			kind: 'taskReminders',
			path: `/studentdashboard/task-details?taskId=${row.task_id}`,
			subject: ({ say }) =>
				say('Reminder: {title} is due within a day', { title: quotedTitle(row.title) }),
			paragraphs: [
				({ say, language }) =>
					say('"{title}" in {course} is due on {when}, and you have not submitted it yet.', {
						title: row.title,
						course: row.course_title,
						when: reminderTime(row.due_date, row.time_zone, 'UTC', language),
					}),
			],
			actionLabel: ({ say }) => say('Open the task'),
		},
	}))
}

async function ungradedDue(db: Db, now: Date): Promise<Due[]> {
	const rows = await findUngradedSubmissions(db, new Date(now.getTime() - UNGRADED_AFTER))
	return rows.map((row) => ({
		kind: 'ungraded',
		subjectId: row.submission_id,
		eventAt: row.submitted_at,
		recipient: recipientOf(row),
		notification: {
			kind: 'gradingReminders',
			path: `/teachersdashboard/tasks/submissions?taskId=${row.task_id}`,
			subject: ({ say }) =>
				say('Reminder: a submission to {title} waits for a grade', {
					title: quotedTitle(row.title),
				}),
			paragraphs: [
				({ say, language }) =>
					say(
						'A submission to "{title}" in {course}, handed in on {when}, has waited more than three days for a grade.',
						{
							title: row.title,
							course: row.course_title,
							when: reminderTime(row.submitted_at, row.time_zone, 'UTC', language),
						},
					),
			],
			actionLabel: ({ say }) => say('Grade it'),
		},
	}))
}

const recipientOf = (row: RecipientRow): RecipientRow => ({
	id: row.id,
	email: row.email,
	first_name: row.first_name,
	notification_preferences: row.notification_preferences,
	time_zone: row.time_zone,
	locale: row.locale,
})

/**
 * Gives every reminder due at `now` that was not given before; answers how many it gave and to
 * whom it mailed them (none when another process holds the sweep). The dashboard shows them
 * whatever the mail settings; the mail goes to those who have its kind on.
 */
export async function sweepReminders(
	deps: MailDeps,
	now: Date,
	{ waitForLock = false } = {},
): Promise<{ given: number; mailedTo: string[] }> {
	const { given, mailedTo } = await deps.db.transaction().execute(async (trx) => {
		// The real-time sweeps leave it to the one under way; a sweep at a given time (the test
		// clock) waits its turn, since no later sweep would be at its time.
		if (!(await takeSweepLock(trx, SWEEP_LOCK, waitForLock))) return { given: 0, mailedTo: [] }
		const due = [
			...(await sessionsDue(trx, now)),
			...(await tasksDue(trx, now)),
			...(await ungradedDue(trx, now)),
		]
		const mails: QueuedMail[] = []
		let given = 0
		for (let start = 0; start < due.length; start += BATCH) {
			const batch = due.slice(start, start + BATCH)
			const claimed = await claimReminders(
				trx,
				batch.map((reminder) => ({
					kind: reminder.kind,
					subject_id: reminder.subjectId,
					recipient_id: reminder.recipient.id,
					event_at: reminder.eventAt,
				})),
			)
			const keyOf = (kind: string, subject: string, recipient: string, at: Date) =>
				`${kind} ${subject} ${recipient} ${at.getTime()}`
			const mine = new Set(
				claimed.map((row) => keyOf(row.kind, row.subject_id, row.recipient_id, row.event_at)),
			)
			for (const reminder of batch) {
				const key = keyOf(
					reminder.kind,
					reminder.subjectId,
					reminder.recipient.id,
					reminder.eventAt,
				)
				if (!mine.has(key)) continue
				given++
				mails.push(
					...notificationMails({ ...deps, db: trx }, [reminder.recipient], reminder.notification),
				)
			}
		}
		for (let start = 0; start < mails.length; start += BATCH) {
			await queueMails(trx, mails.slice(start, start + BATCH))
		}
		return { given, mailedTo: mails.map((mail) => mail.to) }
	})
	// Told again once committed: the worker's first look ran inside the transaction and saw nothing.
	if (mailedTo.length > 0) mailQueued.emit('queued')
	return { given, mailedTo }
}

/**
 * Sweeps every `everyMs` at the real time, and once at start; a failed sweep is logged and the next
 * one tries again. Each reminder is given once whichever process gets there first.
 */
export function startReminderSweeper(
	deps: MailDeps,
	{ everyMs = 60_000, onError }: { everyMs?: number; onError: (error: unknown) => void },
) {
	return startPeriodic(() => sweepReminders(deps, new Date()), { everyMs, onError })
}
