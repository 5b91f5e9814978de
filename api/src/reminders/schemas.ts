import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'

/** A reminder on the dashboard: what it is about and when that happens. */
export const reminder = z
	.object({
		kind: z.enum(['session', 'task', 'grading']),
		title: z.string(),
		courseTitle: z.string(),
		at: isoDateTime,
		taskId: z.string().nullable(),
	})
	.openapi('Reminder')
