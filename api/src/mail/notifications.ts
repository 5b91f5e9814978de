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

/** What each kind is about, in the words of an unsubscribe confirmation. */
export const NOTIFICATION_TOPICS: Record<NotificationKind, string> = {
	submissionGraded: 'graded submissions',
	newTask: 'new tasks',
	sessions: 'sessions scheduled, changed or cancelled',
	announcements: 'new announcements',
	certificates: 'certificates',
	invitations: "organizations' invitations",
	sessionReminders: 'sessions starting soon',
	taskReminders: 'tasks due soon',
	gradingReminders: 'submissions waiting for a grade',
}

export type MailDeps = { db: Db; config: { publicUrl?: string; jwtSecret: string } }

export type Recipient = {
	id: string
	email: string
	first_name: string
	notification_preferences: Record<string, boolean | undefined>
}

/** What one notification says to one person: a path of the web app to link to, and the words. */
export type Notification = {
	kind: NotificationKind
	/** The web app's page the button opens (at PUBLIC_URL). */
	path: string
	subject: string
	paragraphs: string[]
	actionLabel: string
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
	const content: MailContent = {
		subject: notification.subject,
		greeting: `Hello ${recipient.first_name},`,
		paragraphs: notification.paragraphs,
		action: { label: notification.actionLabel, url: appLink(publicUrl, notification.path) },
		footer: [
			'You get this mail because this notification is on in your TutorHub profile; you can turn it off there.',
			`To stop mails about ${NOTIFICATION_TOPICS[notification.kind]} at once: ${unsubscribe}`,
		],
	}
	return {
		...composeMail(content),
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
