import type { z } from '@hono/zod-openapi'
import { NOTIFICATION_KINDS } from '../mail/schemas.ts'
import type { NotificationPreferences } from '../schema.ts'
import type { notificationSettings } from './schemas.ts'

/** Every kind of notification mail, on unless the person turned it off. */
export const toNotificationSettings = (
	preferences: NotificationPreferences,
): z.input<typeof notificationSettings> =>
	Object.fromEntries(
		NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind] !== false]),
	) as z.input<typeof notificationSettings>
