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

const code = requiredText('Code', 20)

/** POST /account/two-factor/enable: the first code of the authenticator app just set up. */
export const twoFactorCode = body({ code })

/** POST /account/two-factor/disable: the password and a code (or a recovery code). */
export const twoFactorOff = body({ currentPassword: password, code })
