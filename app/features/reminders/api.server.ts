import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { Upstream } from '~/platform/upstream.server'

// The reminders the API gave the signed-in student or teacher that still stand (decision 038).

export const reminderSchema = z.object({
	kind: z.enum(['session', 'task', 'grading']),
	title: z.string(),
	courseTitle: z.string(),
	at: z.string(),
	taskId: z.string().nullable(),
})
export type Reminder = z.infer<typeof reminderSchema>
// Made once: a cached answer is parsed once per schema (platform/upstream-answers.server.ts), and
// a schema made per call was parsed, and built, on every dashboard request.
const remindersAnswer = z.object({ reminders: z.array(reminderSchema) })

export async function getReminders(api: Upstream): Promise<Reminder[]> {
	const { reminders } = await api.get('/reminders', {
		schema: remindersAnswer,
		fallback: t`Failed to fetch reminders`,
		// Cached with the tasks: a submission or a grade (the changes that end a task's or a
		// grading reminder) makes it stale. New reminders come from the API's own sweep, as other
		// background changes do: a reload shows them at once (decision 018).
		resource: 'tasks',
	})
	return reminders
}
