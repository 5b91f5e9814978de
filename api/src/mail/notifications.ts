import type { Db } from '../db.ts'
import { appLink, composeMail, type MailContent } from './compose.ts'
import { queueAfter, type QueuedMail } from './outbox.ts'
import {
	findCourseRecipients,
	findOrganizationStudentRecipients,
	findRecipients,
} from './repository.ts'
import { unsubscribeToken } from './unsubscribe.ts'
import type { NotificationKind } from './schemas.ts'
import { msg, speaker, type Speaker } from '../platform/i18n.ts'

/** What each kind is about, in the words of an unsubscribe confirmation. */
export const NOTIFICATION_TOPICS: Record<NotificationKind, string> = {
	submissionGraded: msg('graded submissions'),
	newTask: msg('new tasks'),
	sessions: msg('sessions scheduled, changed or cancelled'),
	announcements: msg('new announcements'),
	certificates: msg('certificates'),
	invitations: msg("organizations' invitations"),
	sessionReminders: msg('sessions starting soon'),
	taskReminders: msg('tasks due soon'),
	gradingReminders: msg('submissions waiting for a grade'),
}

export type MailDeps = { db: Db; config: { publicUrl?: string; jwtSecret: string } }

export type Recipient = {
	id: string
	email: string
	first_name: string
	notification_preferences: Record<string, boolean | undefined>
	/** The language the person reads (their own, else their organization's default). */
	locale?: string | null
}

/**
 * Words of a notification: as they are, or said in each recipient's language
 * (`(speech) => speech.say('Your certificate for {course}', { course })`, decision 064).
 */
export type Said = string | ((speech: Speaker) => string)

const sayIn = (speech: Speaker, said: Said) => (typeof said === 'string' ? said : said(speech))

/** What one notification says to one person: a path of the web app to link to, and the words. */
export type Notification = {
	kind: NotificationKind
	/** The web app's page the button opens (at PUBLIC_URL). */
	path: string
	subject: Said
	paragraphs: Said[]
	actionLabel: Said
}

function notificationMail(
	{ publicUrl, secret }: { publicUrl: string; secret: string },
	recipient: Recipient,
	notification: Notification,
): QueuedMail {
	// RFC 8058: the mail client offers its own Unsubscribe, which posts to this address at once.
	const unsubscribe = appLink(publicUrl, '/unsubscribe', {
		token: unsubscribeToken(secret, recipient.id, notification.kind),
	})
	const speech = speaker(recipient.locale)
	const { say } = speech
	const content: MailContent = {
		subject: sayIn(speech, notification.subject),
		greeting: say('Hello {name},', { name: recipient.first_name }),
		paragraphs: notification.paragraphs.map((said) => sayIn(speech, said)),
		action: {
			label: sayIn(speech, notification.actionLabel),
			url: appLink(publicUrl, notification.path),
		},
		footer: [
			say(
				'You get this mail because this notification is on in your TutorHub profile; you can turn it off there.',
			),
			say('To stop mails about {topic} at once: {link}', {
				topic: say(NOTIFICATION_TOPICS[notification.kind]),
				link: unsubscribe,
			}),
		],
	}
	return {
		...composeMail(content, speech),
		to: recipient.email,
		kind: notification.kind,
		headers: {
			'List-Unsubscribe': `<${unsubscribe}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		},
	}
}

const linksOf = ({ config }: MailDeps) => ({
	publicUrl: config.publicUrl ?? 'http://localhost:3000',
	secret: config.jwtSecret,
})

/** The mails of one notification to each of `recipients` who has not turned its kind off. */
export function notificationMails(
	deps: MailDeps,
	recipients: Recipient[],
	notification: Notification,
): QueuedMail[] {
	const links = linksOf(deps)
	return recipients
		.filter((person) => person.notification_preferences[notification.kind] !== false)
		.map((person) => notificationMail(links, person, notification))
}

/**
 * Queues a notification for the given people, leaving out those who turned its kind off. Runs after
 * the action's answer: a failure here is logged, never the action's (mail/outbox.ts).
 */
export function notifyUsers(deps: MailDeps, userIds: string[], notification: Notification) {
	if (userIds.length === 0) return
	queueAfter(deps.db, async () => {
		const recipients = await findRecipients(deps.db, userIds)
		return notificationMails(deps, recipients, notification)
	})
}

type Audience = { courseId: string } | { organizationId: string }

/** The same, for every student enrolled in a course, or every student of an organization. */
export function notifyStudents(deps: MailDeps, audience: Audience, notification: Notification) {
	queueAfter(deps.db, async () => {
		const recipients =
			'courseId' in audience
				? await findCourseRecipients(deps.db, audience.courseId)
				: await findOrganizationStudentRecipients(deps.db, audience.organizationId)
		return notificationMails(deps, recipients, notification)
	})
}
