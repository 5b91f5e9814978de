/** The notification mails a person can turn on or off in their profile (all on by default). */
export const NOTIFICATION_KINDS = [
	'submissionGraded',
	'newTask',
	'sessions',
	'announcements',
	'certificates',
	'invitations',
	// Issue 31's reminders (decision 038).
	'sessionReminders',
	'taskReminders',
	'gradingReminders',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
