import { msg, t } from '@lingui/core/macro'
import { z } from 'zod'

// Password reset, email verification and the account's own settings (decision 023): one schema per
// form, shared by the browser and the action, and the reference API's answers (api/README.md).
// The email and new-password fields every account form uses (sign-up, settings, invitations) are
// here, at the bottom of the domains (decision 045).

/**
 * Spec section 5: a local part, an @, and a domain with a dotted suffix of at least two letters,
 * or a bracketed IPv4 address.
 */
export const emailPattern =
	/^[^\s@]+@(?:(?:[^\s@.[\]]+\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/

export const emailField = z
	.string({ error: () => t`Enter your email address` })
	.trim()
	.min(1, { error: () => t`Enter your email address` })
	.max(254, { error: () => t`Email address is too long` })
	.regex(emailPattern, { error: () => t`Enter a valid email address` })

export const newPassword = z
	.string({ error: () => t`Choose a password` })
	.min(8, { error: () => t`Password must be at least 8 characters` })
	.max(128, { error: () => t`Password must be at most 128 characters` })

const accountKind = z.enum(['user', 'organization']).catch('user')

function passwordsMatch(
	value: { password: string; confirmPassword: string },
	ctx: z.RefinementCtx,
) {
	if (value.password !== value.confirmPassword) {
		ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t`Passwords do not match` })
	}
}

export const forgotPasswordSchema = z.object({ email: emailField, as: accountKind })
export type ForgotPasswordFields = z.input<typeof forgotPasswordSchema>

/** A mail's link token, carried by its page's form. */
const linkToken = z
	.string({ error: () => t`This link is incomplete. Open the link from the mail again.` })
	.min(1)
	.max(200)

/** The same password rules as sign-up's. */
export const resetPasswordSchema = z
	.object({
		token: linkToken,
		as: accountKind,
		password: newPassword,
		confirmPassword: z.string({ error: () => t`Confirm your password` }),
	})
	.superRefine(passwordsMatch)
export type ResetPasswordFields = z.input<typeof resetPasswordSchema>

/** The verification page's one button: the link's token, posted. */
export const verifyEmailSchema = z.object({ token: linkToken })

/** A notification mail's unsubscribe link: its token stays in the address it is posted to. */
export const unsubscribeSchema = z.object({ token: linkToken })

/** The unsubscribe page's answer to a link it cannot use. */
export const unsubscribeInvalidLink = () => t`This unsubscribe link is not valid.`

export const changePasswordSchema = z
	.object({
		intent: z.literal('password'),
		currentPassword: z
			.string({ error: () => t`Enter your current password` })
			.min(1, { error: () => t`Enter your current password` })
			.max(128, { error: () => t`Password is too long` }),
		newPassword,
		confirmPassword: z.string({ error: () => t`Confirm your new password` }),
	})
	.superRefine((value, ctx) =>
		passwordsMatch({ password: value.newPassword, confirmPassword: value.confirmPassword }, ctx),
	)
export type ChangePasswordFields = z.input<typeof changePasswordSchema>

export const changeEmailSchema = z.object({
	intent: z.literal('email'),
	email: emailField,
	currentPassword: z
		.string({ error: () => t`Enter your current password` })
		.min(1, { error: () => t`Enter your current password` })
		.max(128, { error: () => t`Password is too long` }),
})
export type ChangeEmailFields = z.input<typeof changeEmailSchema>

/** The notification mails a person can turn off, in the order the profile lists them. */
export const notificationKinds = [
	{ kind: 'submissionGraded', label: msg`My submission is graded` },
	{ kind: 'newTask', label: msg`A new task in one of my courses` },
	{ kind: 'sessions', label: msg`A session of my course is scheduled, changed or cancelled` },
	{ kind: 'announcements', label: msg`A new announcement in one of my courses` },
	{ kind: 'certificates', label: msg`A certificate is issued to me` },
	{ kind: 'invitations', label: msg`An organization invites me to join` },
	// Reminders (issue 31, decision 038).
	{ kind: 'sessionReminders', label: msg`Remind me of a session a day and an hour before it` },
	{
		kind: 'taskReminders',
		label: msg`Remind me of a task due within a day that I have not submitted`,
	},
	{
		kind: 'gradingReminders',
		label: msg`Remind me (teachers) of a submission that has waited three days for a grade`,
	},
] as const
export type NotificationKind = (typeof notificationKinds)[number]['kind']

// A checkbox sends 'on' when ticked and nothing when not; anything else is no checkbox of ours.
export const notificationsMessage = () => t`Tick or untick each box, then save`
const checkbox = z
	.literal('on', { error: notificationsMessage })
	.optional()
	.transform((value) => value === 'on')

export const notificationsSchema = z.object({
	intent: z.literal('notifications'),
	...(Object.fromEntries(notificationKinds.map(({ kind }) => [kind, checkbox])) as Record<
		NotificationKind,
		typeof checkbox
	>),
})

/** "Where you are signed in": log out one device (a session of the list), or every other one. */
export const endSessionSchema = z.object({
	intent: z.literal('end-session'),
	sessionId: z.uuid({ error: () => t`Choose a device from the list` }),
})
export const endOtherSessionsSchema = z.object({ intent: z.literal('end-other-sessions') })
/** A linked school sign-in removed (decision 052): that provider no longer signs the account in. */
export const removeLinkSchema = z.object({
	intent: z.literal('remove-link'),
	organizationId: z.uuid({ error: () => t`Choose a linked sign-in from the list` }),
})

const twoFactorCode = z
	.string({ error: () => t`Enter the code from your authenticator app` })
	.trim()
	.min(1, { error: () => t`Enter the code from your authenticator app` })
	.max(20, { error: () => t`That code is too long` })

const currentPassword = z
	.string({ error: () => t`Enter your current password` })
	.min(1, { error: () => t`Enter your current password` })
	.max(128, { error: () => t`Password is too long` })

/**
 * Two-factor sign-in (decision 033): start the set-up, confirm it with a code, or turn it off.
 * Each needs the current password, so a session alone changes none of them (decision 053).
 */
export const twoFactorSetupSchema = z.object({
	intent: z.literal('two-factor-setup'),
	currentPassword,
})
export const twoFactorEnableSchema = z.object({
	intent: z.literal('two-factor-enable'),
	code: twoFactorCode,
	currentPassword,
})
export const twoFactorDisableSchema = z.object({
	intent: z.literal('two-factor-disable'),
	currentPassword,
	code: twoFactorCode,
})

/** Cancels a waiting request to turn two-factor off without a code (decision 053). */
export const twoFactorRecoveryCancelSchema = z.object({
	intent: z.literal('two-factor-recovery-cancel'),
	currentPassword,
	code: twoFactorCode,
})

/** The account forms of a profile or settings page, told apart by `intent`: a page joins them to
 * its own forms' schemas in its one union. */
export const accountSettingsSchemas = [
	changePasswordSchema,
	changeEmailSchema,
	notificationsSchema,
	endSessionSchema,
	endOtherSessionsSchema,
	removeLinkSchema,
	twoFactorSetupSchema,
	twoFactorEnableSchema,
	twoFactorDisableSchema,
	twoFactorRecoveryCancelSchema,
] as const
export type AccountIntent = AccountSettingsForm['intent']
export const accountIntents: readonly string[] = accountSettingsSchemas.map(
	(schema) => schema.shape.intent.value,
)
export type AccountSettingsForm = z.infer<(typeof accountSettingsSchemas)[number]>

export const accountAnswerSchema = z.object({
	account: z.object({
		accountType: z.enum(['user', 'organization']),
		email: z.string(),
		emailVerified: z.boolean(),
		pendingEmail: z.string().nullable(),
		notifications: z.record(z.string(), z.boolean()).nullable(),
		twoFactor: z
			.object({
				enabled: z.boolean(),
				setup: z.object({ secret: z.string(), uri: z.string() }).nullable(),
				/** When a request to turn it off without a code takes effect (decision 053). */
				recoveryReadyAt: z.string().nullable().optional(),
			})
			// A backend without two-factor sign-in: the section says it is off and offers nothing.
			.optional(),
	}),
})
export const sessionsAnswerSchema = z.object({
	sessions: z.array(
		z.object({
			id: z.string(),
			device: z.string(),
			address: z.string(),
			signedInAt: z.string(),
			lastSeenAt: z.string(),
			current: z.boolean(),
		}),
	),
})
export type SignedInDevice = z.infer<typeof sessionsAnswerSchema>['sessions'][number]

/** GET /sso/links: the school sign-ins linked to a person's account. */
export const linkedSignInsSchema = z.object({
	links: z.array(
		z.object({
			organizationId: z.string(),
			organizationName: z.string(),
			providerName: z.string(),
			linkedAt: z.string(),
		}),
	),
})
export type LinkedSignIn = z.infer<typeof linkedSignInsSchema>['links'][number]

export type AccountStatus = z.infer<typeof accountAnswerSchema>['account'] & {
	sessions: SignedInDevice[]
	/** The school sign-ins linked to a person's account (null where not asked: an organization). */
	links: LinkedSignIn[] | null
	/** The set-up's QR code (an SVG data address), while a two-factor set-up waits for its code. */
	setupQrCode: string | null
}

export const messageAnswerSchema = z.object({ message: z.string() })
export const recoveryStartedSchema = messageAnswerSchema.extend({ readyAt: z.string() })
export const recoveryCodesAnswerSchema = messageAnswerSchema.extend({
	recoveryCodes: z.array(z.string()),
})
