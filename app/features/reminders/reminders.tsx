import { Trans } from '@lingui/react/macro'
import { formatDateTime } from '~/platform/dates'
import { TextLink } from '~/ui/text-link'
import type { Reminder } from './api.server'

/** One reminder's words, in the viewer's zone. */
function ReminderLine({ reminder, zone }: { reminder: Reminder; zone: string }) {
	const when = formatDateTime(reminder.at, zone)
	const title = reminder.title
	const course = reminder.courseTitle
	switch (reminder.kind) {
		case 'session':
			return (
				<>
					<Trans>
						<TextLink to="/studentdashboard/sessions">{title}</TextLink> in {course} starts {when}
					</Trans>
				</>
			)
		case 'task':
			return (
				<>
					<Trans>
						<TextLink to={`/studentdashboard/task-details?taskId=${reminder.taskId ?? ''}`}>
							{title}
						</TextLink>{' '}
						in {course} is due {when}, not submitted yet
					</Trans>
				</>
			)
		case 'grading':
			return (
				<>
					<Trans>
						A submission to{' '}
						<TextLink to={`/teachersdashboard/tasks/submissions?taskId=${reminder.taskId ?? ''}`}>
							{title}
						</TextLink>{' '}
						in {course}, handed in {when}, waits for a grade
					</Trans>
				</>
			)
	}
}

/** The dashboard's reminders (issue 31): shown while they stand, nothing when there are none. */
export function Reminders({ reminders, zone }: { reminders: Reminder[]; zone: string }) {
	if (reminders.length === 0) return null
	return (
		<section
			aria-labelledby="reminders-heading"
			className="rounded-lg border border-amber-300 bg-amber-50 p-4"
		>
			<h2 id="reminders-heading" className="text-lg font-semibold">
				<Trans>Reminders</Trans>
			</h2>
			<ul className="mt-2 flex flex-col gap-2 text-slate-800">
				{reminders.map((reminder) => (
					<li key={`${reminder.kind}-${reminder.title}-${reminder.at}`}>
						<ReminderLine reminder={reminder} zone={zone} />
					</li>
				))}
			</ul>
		</section>
	)
}
