import { z } from 'zod'
import { NOTIFICATION_KINDS } from '../mail/notifications.ts'
import { body, email, newPassword, password, requiredText } from '../platform/validation.ts'

const accountType = z
	.enum(['user', 'organization'], { error: 'Account type must be user or organization' })
	.default('user')

const token = requiredText('Token', 200)

export const forgotPassword = body({ email, accountType })

export const resetPassword = body({ token, password: newPassword })

export const tokenOnly = body({ token })

export const passwordChange = body({
	currentPassword: password,
	newPassword,
})

export const emailChange = body({ email, currentPassword: password })

const toggle = z.boolean({ error: 'Must be true or false' }).optional()

/** PUT /account/notifications: any of the kinds, each true (on) or false (off). */
export const notificationPreferences = body(
	Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, toggle])) as Record<
		(typeof NOTIFICATION_KINDS)[number],
		typeof toggle
	>,
)
