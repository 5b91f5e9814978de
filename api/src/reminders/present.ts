import type { z } from 'zod'
import type { ReminderRow } from './repository.ts'
import type { reminder } from './schemas.ts'

/** A reminder that still stands as the dashboard shows it: three kinds, not the table's four. */
export function toReminder(row: ReminderRow): z.input<typeof reminder> {
	return {
		kind: row.kind.startsWith('session') ? 'session' : row.kind === 'task_due' ? 'task' : 'grading',
		title: row.title,
		courseTitle: row.course_title,
		at: new Date(row.event_at).toISOString(),
		taskId: row.task_id,
	}
}
