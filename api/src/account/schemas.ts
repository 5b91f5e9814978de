import { z } from '@hono/zod-openapi'
import { NOTIFICATION_KINDS } from '../mail/schemas.ts'
import { isoDateTime, uuidParams } from '../platform/openapi.ts'
import { body, email, newPassword, password, requiredText } from '../platform/validation.ts'

const accountKind = z.enum(['user', 'organization'])

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

/** POST /account/two-factor/setup: the current password (decision 053). */
export const twoFactorSetupRequest = body({ currentPassword: password })

/** POST /account/two-factor/enable: the first code of the app just set up, and the password. */
export const twoFactorOn = body({ code, currentPassword: password })

/** POST /account/two-factor/disable: the password and a code (or a recovery code). */
export const twoFactorOff = body({ currentPassword: password, code })

/** POST /account/two-factor/recovery/cancel: the password and a code, as turning it off needs. */
export const recoveryCancel = twoFactorOff

/** POST /account/two-factor/recovery/start: the request has begun its wait. */
export const recoveryStarted = z.object({ message: z.string(), readyAt: isoDateTime })

/** DELETE /account/sessions/{id}: a session of the list. */
export const sessionParams = uuidParams('id')

/** Most account calls answer in words only. */
export const messageAnswer = z.object({ message: z.string() })

/** Whether a mailed link's token would still work (the `check` calls). */
export const linkCheck = z.object({ valid: z.boolean() })

export const emailVerified = z.object({
	message: z.string(),
	email: z.string(),
	accountType: accountKind,
})

/** Every kind of notification mail, each on (true) or off (false). */
export const notificationSettings = z
	.object(
		Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
			(typeof NOTIFICATION_KINDS)[number],
			z.ZodBoolean
		>,
	)
	.openapi('NotificationSettings')

/** A two-factor set-up under way: its secret and the otpauth address its QR code shows. */
const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() })

/** The signed-in account's settings; organizations have no notification settings (null). */
export const accountSettings = z
	.object({
		accountType: accountKind,
		email: z.string(),
		emailVerified: z.boolean(),
		/** The address a change waits on, until its link is followed. */
		pendingEmail: z.string().nullable(),
		notifications: z.union([notificationSettings, z.null()]),
		twoFactor: z.object({
			enabled: z.boolean(),
			setup: twoFactorSetup.nullable(),
			/** When a request to turn it off without a code takes effect, if one waits (decision 053). */
			recoveryReadyAt: isoDateTime.nullable(),
		}),
	})
	.openapi('AccountSettings')

export const accountAnswer = z.object({ account: accountSettings })

export const emailChangeAnswer = z.object({ message: z.string(), pendingEmail: z.string() })

/** A device the account is signed in on (decision 033). */
export const signedInDevice = z
	.object({
		id: z.string(),
		device: z.string(),
		address: z.string(),
		signedInAt: isoDateTime,
		lastSeenAt: isoDateTime,
		/** The session making this call. */
		current: z.boolean(),
	})
	.openapi('SignedInDevice')

export const sessionList = z.object({ sessions: z.array(signedInDevice) })

export const otherSessionsEnded = z.object({ message: z.string(), ended: z.number().int() })

export const twoFactorSetupAnswer = twoFactorSetup.extend({ message: z.string() })

export const recoveryCodesAnswer = z.object({
	message: z.string(),
	recoveryCodes: z.array(z.string()),
})

export const unsubscribed = z.object({
	message: z.string(),
	kind: z.enum(NOTIFICATION_KINDS),
})

export const notificationsSaved = z.object({
	message: z.string(),
	notifications: notificationSettings,
})
