import { t } from '@lingui/core/macro'
import QRCode from 'qrcode'
import { z } from 'zod'
import { EVERY_SESSION, sessionTag } from '~/platform/upstream-cache.server'
import type { Upstream } from '~/platform/upstream.server'
import {
	accountAnswerSchema,
	messageAnswerSchema,
	recoveryCodesAnswerSchema,
	recoveryStartedSchema,
	linkedSignInsSchema,
	sessionsAnswerSchema,
	type AccountStatus,
	type NotificationKind,
} from './schema'

// The account calls of the reference API (api/README.md, decision 023).

export function requestPasswordReset(api: Upstream, email: string, as: 'user' | 'organization') {
	return api.send('POST', '/account/forgot-password', {
		json: { email, accountType: as },
		schema: messageAnswerSchema,
		fallback: t`Failed to send the reset link`,
	})
}

/**
 * Whether a mailed link (a reset's, a verification's) would still work, asked without spending
 * it: the page it opens asks before it shows its form, so a mail scanner's visit changes nothing.
 */
async function isLinkUsable(api: Upstream, path: `/account/${string}/check`, token: string) {
	const { valid } = await api.send('POST', path, {
		json: { token },
		schema: z.object({ valid: z.boolean() }),
		fallback: t`Failed to check the link`,
	})
	return valid
}

// One function per call, each with its own path, so the contract test sees both.
export const isResetLinkUsable = (api: Upstream, token: string) =>
	isLinkUsable(api, '/account/reset-password/check', token)

export const isVerificationLinkUsable = (api: Upstream, token: string) =>
	isLinkUsable(api, '/account/verify-email/check', token)

export function resetPassword(api: Upstream, token: string, password: string) {
	return api.send('POST', '/account/reset-password', {
		json: { token, password },
		schema: messageAnswerSchema,
		fallback: t`Failed to reset the password`,
		// It logs out every device of an account this visitor's app does not know: every sign-in is
		// asked about again before its next cached page (decision 056).
		invalidates: [EVERY_SESSION],
	})
}

/** Turns off the one kind of notification that a mail's unsubscribe link names; no session needed. */
export function unsubscribe(api: Upstream, token: string) {
	return api.send('POST', '/account/unsubscribe', {
		json: { token },
		schema: messageAnswerSchema,
		fallback: t`Failed to unsubscribe`,
	})
}

export function verifyEmail(api: Upstream, token: string) {
	return api.send('POST', '/account/verify-email', {
		json: { token },
		schema: messageAnswerSchema.extend({
			email: z.string(),
			accountType: z.enum(['user', 'organization']),
		}),
		fallback: t`Failed to verify the email address`,
		// Invitations to the address show once it is proven the account's.
		invalidates: ['invitations'],
	})
}

/**
 * The account's settings and where it is signed in (the lists are never cached: they are always
 * now), with a person's linked school sign-ins when asked.
 */
export async function getAccount(
	api: Upstream,
	{ linkedSignIns = false } = {},
): Promise<AccountStatus> {
	const [{ account }, { sessions }, linked] = await Promise.all([
		api.get('/account', { schema: accountAnswerSchema, fallback: t`Failed to fetch account` }),
		getSessions(api),
		linkedSignIns ? getLinkedSignIns(api) : null,
	])
	const setup = account.twoFactor?.setup
	const setupQrCode = setup
		? // eslint-disable-next-line lingui/no-unlocalized-strings -- a data URL
			`data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(setup.uri, { type: 'svg', margin: 2 })).toString('base64')}`
		: null
	return { ...account, sessions, links: linked?.links ?? null, setupQrCode }
}

export function getSessions(api: Upstream) {
	return api.get('/account/sessions', {
		schema: sessionsAnswerSchema,
		fallback: t`Failed to fetch where you are signed in`,
		cache: false,
	})
}

export function getLinkedSignIns(api: Upstream) {
	return api.get('/sso/links', {
		schema: linkedSignInsSchema,
		fallback: t`Failed to fetch your linked school sign-ins`,
		cache: false,
	})
}

export function startTwoFactorSetup(api: Upstream, currentPassword: string) {
	return api.send('POST', '/account/two-factor/setup', {
		json: { currentPassword },
		schema: messageAnswerSchema,
		fallback: t`Failed to start setting up two-factor sign-in`,
	})
}

export function enableTwoFactor(api: Upstream, code: string, currentPassword: string) {
	return api.send('POST', '/account/two-factor/enable', {
		json: { code, currentPassword },
		schema: recoveryCodesAnswerSchema,
		fallback: t`Failed to turn on two-factor sign-in`,
	})
}

export function disableTwoFactor(api: Upstream, currentPassword: string, code: string) {
	return api.send('POST', '/account/two-factor/disable', {
		json: { currentPassword, code },
		schema: messageAnswerSchema,
		fallback: t`Failed to turn off two-factor sign-in`,
	})
}

/** The mailed link of "I can't use my codes": the three-day wait starts (decision 053). */
export function startTwoFactorRecovery(api: Upstream, token: string) {
	return api.send('POST', '/account/two-factor/recovery/start', {
		json: { token },
		schema: recoveryStartedSchema,
		fallback: t`Failed to start turning off two-factor sign-in`,
	})
}

/** Cancels a waiting request to turn two-factor off (the password and a code). */
export function cancelTwoFactorRecovery(api: Upstream, currentPassword: string, code: string) {
	return api.send('POST', '/account/two-factor/recovery/cancel', {
		json: { currentPassword, code },
		schema: messageAnswerSchema,
		fallback: t`Failed to cancel the request`,
	})
}

export function endSession(api: Upstream, sessionId: string) {
	return api.send('DELETE', `/account/sessions/${encodeURIComponent(sessionId)}`, {
		schema: messageAnswerSchema,
		fallback: t`Failed to log out that device`,
		// No process serves that device another cached page (decision 056).
		invalidates: [sessionTag(sessionId)],
	})
}

export function removeLinkedSignIn(api: Upstream, organizationId: string) {
	return api.send('DELETE', `/sso/links/${encodeURIComponent(organizationId)}`, {
		schema: messageAnswerSchema,
		fallback: t`Failed to remove the linked sign-in`,
	})
}

export function endOtherSessions(api: Upstream) {
	return api.send('POST', '/account/sessions/end-others', {
		schema: messageAnswerSchema,
		fallback: t`Failed to log out the other devices`,
		endsSessions: true,
	})
}

export function changePassword(api: Upstream, currentPassword: string, newPassword: string) {
	return api.send('POST', '/account/password', {
		json: { currentPassword, newPassword },
		schema: messageAnswerSchema,
		fallback: t`Failed to change the password`,
		// The calendar feed's address changes with the password.
		invalidates: ['calendar'],
		// It logs the account's other devices out.
		endsSessions: true,
	})
}

export function changeEmail(api: Upstream, email: string, currentPassword: string) {
	return api.send('POST', '/account/email', {
		json: { email, currentPassword },
		schema: messageAnswerSchema,
		fallback: t`Failed to change the email address`,
	})
}

export function resendVerification(api: Upstream) {
	return api.send('POST', '/account/verification', {
		schema: messageAnswerSchema,
		fallback: t`Failed to send the verification link`,
	})
}

export function saveNotifications(api: Upstream, preferences: Record<NotificationKind, boolean>) {
	return api.send('PUT', '/account/notifications', {
		json: preferences,
		schema: messageAnswerSchema,
		fallback: t`Failed to save notification settings`,
	})
}

/** The account's language (decision 063): a person's own, an organization's default. */
export function setLanguage(api: Upstream, locale: string | null) {
	return api.send('PUT', '/account/language', {
		json: { locale },
		schema: z.object({ locale: z.string().nullable(), spoken: z.string().nullable() }),
		fallback: 'Failed to change the language',
	})
}
